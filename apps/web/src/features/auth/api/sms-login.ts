import { useMutation } from '@tanstack/react-query';
import { authResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/** POST /api/auth/smsLogin: mobile and the code of a smsCode type smsLogin. */
export const smsLogin = (params: { mobile: string; code: string }) =>
  apiPost('/api/auth/smsLogin', params, { schema: authResultSchema });

export const useSmsLogin = () => useMutation({ mutationFn: smsLogin });
