import { queryOptions } from '@tanstack/react-query';
import { freeBoxSchema, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

/** GET /api/personalCenter/getMyFreeBoxPage: free-box grants (login). */
export const freeBoxesQuery = queryOptions({
  queryKey: queryKeys.freeBoxes,
  queryFn: ({ signal }) =>
    apiGet('/api/personalCenter/getMyFreeBoxPage', { page: 1, pageSize: 50 }, { schema: pageSchema(freeBoxSchema), signal }),
});

export function useFreeBoxes() {
  return useLoggedInQuery(freeBoxesQuery);
}
