import { queryOptions, useQuery } from '@tanstack/react-query';
import { gradeInfoSchema } from '@skinfair/contract';
import { useIsLoggedIn } from '../storage/use-is-logged-in';
import { apiGet } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /api/personalCenter/getGradeInfo: the VIP grade, experience (fen deposited) and the ladder. The
 * /personal pages show it and the recharge overlay compares it before and after a deposit (level-up
 * rewards), so it lives in shared/.
 */
export const gradeInfoQuery = queryOptions({
  queryKey: queryKeys.gradeInfo,
  queryFn: ({ signal }) => apiGet('/api/personalCenter/getGradeInfo', {}, { schema: gradeInfoSchema, signal }),
});

export function useGradeInfo() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...gradeInfoQuery, enabled: loggedIn });
}
