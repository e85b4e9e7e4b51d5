import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';

/** POST /api/auth/changePassword {oldPassword, newPassword, confirmPassword} → true. */
export const changePassword = (params: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
  apiPost('/api/auth/changePassword', params, { schema: z.boolean() });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
