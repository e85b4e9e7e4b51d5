import { revealedSeedSchema } from '@skinfair/contract';
import { pageNumberQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

export const SEED_PAGE_SIZE = 10;

/** GET /api/key/keyHistory {page, pageSize} (login): retired pairs with their revealed seed and salt. */
export const seedHistoryQuery = pageNumberQuery(queryKeys.seedHistory, '/api/key/keyHistory', revealedSeedSchema, SEED_PAGE_SIZE);

export function useSeedHistory(page: number) {
  return useLoggedInQuery(seedHistoryQuery(page));
}
