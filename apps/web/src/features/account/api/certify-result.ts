import { queryOptions, useQuery } from '@tanstack/react-query';
import { certifyResultSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/auth/certifyResult?certifyId=: polled every 2 s while the provider is still deciding. */
export const certifyResultQuery = (certifyId: string) =>
  queryOptions({
    queryKey: ['user', 'certifyResult', certifyId] as const,
    queryFn: ({ signal }) => apiGet('/api/auth/certifyResult', { certifyId }, { schema: certifyResultSchema, signal }),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? 2000 : false),
  });

export const useCertifyResult = (certifyId: string | null) =>
  useQuery({ ...certifyResultQuery(certifyId ?? ''), enabled: certifyId !== null });
