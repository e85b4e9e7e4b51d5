import { useMutation } from '@tanstack/react-query';
import { authResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { newClientSeed } from '../../../shared/api/client-seed';

/** POST /api/auth/login: mobile and password, and this browser's client seed (issue 24 §13). */
export const login = (params: { mobile: string; password: string }) =>
  apiPost('/api/auth/login', { ...params, clientSeed: newClientSeed() }, { schema: authResultSchema });

export const useLogin = () => useMutation({ mutationFn: login });
