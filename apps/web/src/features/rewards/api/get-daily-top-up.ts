import { queryOptions, useQuery } from '@tanstack/react-query';
import { dailyTopUpSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';

/** GET /api/activity/dailyTopUp (login): today's deposits, the tiers, the reward and whether it is claimable. */
export const dailyTopUpQuery = queryOptions({
  queryKey: queryKeys.dailyTopUp,
  queryFn: ({ signal }) => apiGet('/api/activity/dailyTopUp', {}, { schema: dailyTopUpSchema, signal }),
});

export function useDailyTopUp() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...dailyTopUpQuery, enabled: loggedIn });
}
