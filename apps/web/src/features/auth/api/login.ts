import { useMutation } from '@tanstack/react-query';
import { authResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/** POST /api/auth/login: mobile and password. */
export const login = (params: { mobile: string; password: string }) =>
  apiPost('/api/auth/login', params, { schema: authResultSchema });

export const useLogin = () => useMutation({ mutationFn: login });
