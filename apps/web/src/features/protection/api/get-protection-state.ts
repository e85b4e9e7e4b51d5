import { queryOptions, useQuery } from '@tanstack/react-query';
import { protectionStateSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { protectionKeys } from './keys';

/** GET /api/protection/state → limits (in force, pending, used now, reset) and any cool-off or self-exclusion. */
export const protectionStateQuery = () =>
  queryOptions({
    queryKey: protectionKeys.state,
    queryFn: ({ signal }) => apiGet('/api/protection/state', {}, { schema: protectionStateSchema, signal }),
  });

export const useProtectionState = () => useQuery(protectionStateQuery());
