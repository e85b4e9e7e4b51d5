import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, revealedSeedSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';

export const SEED_PAGE_SIZE = 10;

/** GET /api/key/keyHistory {page, pageSize} (login): retired pairs with their revealed seed and salt. */
export const seedHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.seedHistory(page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/key/keyHistory',
        { page, pageSize: SEED_PAGE_SIZE },
        { schema: pageSchema(revealedSeedSchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useSeedHistory(page: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...seedHistoryQuery(page), enabled: loggedIn });
}
