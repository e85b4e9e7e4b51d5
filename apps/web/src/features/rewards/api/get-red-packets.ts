import { queryOptions } from '@tanstack/react-query';
import { limits, pageSchema, voucherSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

/**
 * GET /api/personalCenter/getMyRewardPage {page, pageSize} (login): red packets only, newest first. The
 * call has no state filter, so the panel loads the largest page (100) and filters by state itself; the
 * same rows give "全部领取" its usable ids.
 */
export const redPacketsQuery = queryOptions({
  queryKey: queryKeys.redPackets,
  queryFn: ({ signal }) =>
    apiGet('/api/personalCenter/getMyRewardPage', { page: 1, pageSize: limits.maxPageSize }, { schema: pageSchema(voucherSchema), signal }),
});

export function useRedPackets() {
  return useLoggedInQuery(redPacketsQuery);
}
