import { clientSeedHistorySchema } from '@skinfair/contract';
import { pageNumberQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { SEED_PAGE_SIZE } from './get-seed-history';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

/** GET /api/key/clientSeedHistory {page, pageSize} (login). */
export const clientSeedHistoryQuery = pageNumberQuery(
  queryKeys.clientSeedHistory,
  '/api/key/clientSeedHistory',
  clientSeedHistorySchema,
  SEED_PAGE_SIZE,
);

export function useClientSeedHistory(page: number) {
  return useLoggedInQuery(clientSeedHistoryQuery(page));
}
