import { useQuery } from '@tanstack/react-query';
import { revealedSeedSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';

export const SEED_PAGE_SIZE = 10;

/** GET /api/key/keyHistory {page, pageSize} (login): retired pairs with their revealed seed and salt. */
export const seedHistoryQuery = (page: number) =>
  pageQuery({
    queryKey: queryKeys.seedHistory(page),
    path: '/api/key/keyHistory',
    params: { page, pageSize: SEED_PAGE_SIZE },
    item: revealedSeedSchema,
  });

export function useSeedHistory(page: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...seedHistoryQuery(page), enabled: loggedIn });
}
