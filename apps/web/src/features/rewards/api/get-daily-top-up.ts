import { queryOptions } from '@tanstack/react-query';
import { dailyTopUpSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

/** GET /api/activity/dailyTopUp (login): today's deposits, the tiers, the reward and whether it is claimable. */
export const dailyTopUpQuery = queryOptions({
  queryKey: queryKeys.dailyTopUp,
  queryFn: ({ signal }) => apiGet('/api/activity/dailyTopUp', {}, { schema: dailyTopUpSchema, signal }),
});

export function useDailyTopUp() {
  return useLoggedInQuery(dailyTopUpQuery);
}
