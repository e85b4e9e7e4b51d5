import { useMutation } from '@tanstack/react-query';
import { certifyStartSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/** POST /api/auth/certify {realName, idCard} → {certifyId, redirectUrl}: the provider-page way. */
export const startCertify = (params: { realName: string; idCard: string }) =>
  apiPost('/api/auth/certify', params, { schema: certifyStartSchema });

export const useStartCertify = () => useMutation({ mutationFn: startCertify });
