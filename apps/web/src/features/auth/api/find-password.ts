import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';

/** POST /api/auth/findPassword: a new password for a number proven by a findPassword code. */
export const findPassword = (params: { mobile: string; code: string; password: string }) =>
  apiPost('/api/auth/findPassword', params, { schema: z.boolean() });

export const useFindPassword = () => useMutation({ mutationFn: findPassword });
