import { queryOptions, useQuery } from '@tanstack/react-query';
import { transparencyWithdrawalsSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/transparency/withdrawals: delivery times and the failed share of the last 7 days. */
export const transparencyWithdrawalsQuery = () =>
  queryOptions({
    queryKey: ['transparency', 'withdrawals'] as const,
    queryFn: ({ signal }) =>
      apiGet('/api/transparency/withdrawals', {}, { schema: transparencyWithdrawalsSchema, signal, skipErrorToast: true }),
    staleTime: 60_000,
  });

export const useTransparencyWithdrawals = () => useQuery(transparencyWithdrawalsQuery());
