import { queryOptions, useQuery } from '@tanstack/react-query';
import { dreamConfigSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { dreamKeys } from './dream-keys';

/** GET /api/upgrade/getUpgradeConfig: the probability bounds, the return rate and the stake limits (spec §5). */
export const dreamConfigQuery = queryOptions({
  queryKey: dreamKeys.config,
  queryFn: ({ signal }) => apiGet('/api/upgrade/getUpgradeConfig', {}, { schema: dreamConfigSchema, signal }),
  staleTime: 60_000,
});

export const useDreamConfig = () => useQuery(dreamConfigQuery);
