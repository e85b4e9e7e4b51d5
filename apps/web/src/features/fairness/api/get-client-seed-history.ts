import { useQuery } from '@tanstack/react-query';
import { clientSeedHistorySchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { SEED_PAGE_SIZE } from './get-seed-history';

/** GET /api/key/clientSeedHistory {page, pageSize} (login). */
export const clientSeedHistoryQuery = (page: number) =>
  pageQuery({
    queryKey: queryKeys.clientSeedHistory(page),
    path: '/api/key/clientSeedHistory',
    params: { page, pageSize: SEED_PAGE_SIZE },
    item: clientSeedHistorySchema,
  });

export function useClientSeedHistory(page: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...clientSeedHistoryQuery(page), enabled: loggedIn });
}
