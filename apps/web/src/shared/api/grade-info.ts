import { queryOptions } from '@tanstack/react-query';
import { gradeInfoSchema } from '@skinfair/contract';
import { apiGet } from './client';
import { queryKeys } from './query-keys';
import { useLoggedInQuery } from './use-logged-in-query';

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
  return useLoggedInQuery(gradeInfoQuery);
}
