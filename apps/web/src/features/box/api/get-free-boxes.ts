import { queryOptions, useQuery } from '@tanstack/react-query';
import { freeBoxSchema, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';

/** GET /api/personalCenter/getMyFreeBoxPage: free-box grants (login). */
export const freeBoxesQuery = queryOptions({
  queryKey: queryKeys.freeBoxes,
  queryFn: ({ signal }) =>
    apiGet('/api/personalCenter/getMyFreeBoxPage', { page: 1, pageSize: 50 }, { schema: pageSchema(freeBoxSchema), signal }),
});

export function useFreeBoxes() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...freeBoxesQuery, enabled: loggedIn });
}
