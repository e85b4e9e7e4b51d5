import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { clientSeedHistorySchema, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { SEED_PAGE_SIZE } from './get-seed-history';

/** GET /api/key/clientSeedHistory {page, pageSize} (login). */
export const clientSeedHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.clientSeedHistory(page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/key/clientSeedHistory',
        { page, pageSize: SEED_PAGE_SIZE },
        { schema: pageSchema(clientSeedHistorySchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useClientSeedHistory(page: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...clientSeedHistoryQuery(page), enabled: loggedIn });
}
