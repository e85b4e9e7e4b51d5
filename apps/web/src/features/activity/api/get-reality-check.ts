import { queryOptions, useQuery } from '@tanstack/react-query';
import { realityCheckSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { activityKeys } from './keys';

/** GET /api/activity/realityCheck → { intervalMinutes } (0 = off). */
export const realityCheckQuery = () =>
  queryOptions({
    queryKey: activityKeys.realityCheck,
    queryFn: ({ signal }) => apiGet('/api/activity/realityCheck', {}, { schema: realityCheckSchema, signal }),
  });

export const useRealityCheck = () => useQuery(realityCheckQuery());
