import { queryOptions } from '@tanstack/react-query';
import { userInfoSchema } from '@skinfair/contract';
import { apiGet } from './client';
import { queryKeys } from './query-keys';
import { useLoggedInQuery } from './use-logged-in-query';

/**
 * GET /api/personalCenter/userInfo. The header (app/), the account settings and later the games all
 * read it, so it lives in shared/. Spec §6: fetched only when a token exists.
 */
export const userInfoQuery = queryOptions({
  queryKey: queryKeys.userInfo,
  queryFn: ({ signal }) => apiGet('/api/personalCenter/userInfo', {}, { schema: userInfoSchema, signal }),
  staleTime: 30_000,
});

export function useUserInfo() {
  return useLoggedInQuery(userInfoQuery);
}
