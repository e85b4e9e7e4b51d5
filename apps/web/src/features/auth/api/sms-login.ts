import { useMutation } from '@tanstack/react-query';
import { authResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { newClientSeed } from '../../../shared/api/client-seed';

/** POST /api/auth/smsLogin: mobile, the code of a smsCode type smsLogin, and this browser's client seed. */
export const smsLogin = (params: { mobile: string; code: string }) =>
  apiPost('/api/auth/smsLogin', { ...params, clientSeed: newClientSeed() }, { schema: authResultSchema });

export const useSmsLogin = () => useMutation({ mutationFn: smsLogin });
