import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { limits, pageSchema, voucherCountSchema, voucherSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

const voucherPageSchema = pageSchema(voucherSchema).extend({ extData: voucherCountSchema });

/**
 * GET /api/personalCenter/getMyVoucherPage {page, pageSize, stat} (login): red packets and coupons
 * (stat -1 all, 0 usable, 1 used, 2 expired), with extData = count and red-packet value of the usable ones.
 */
export const voucherPageQuery = (stat: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.voucherPage(stat, page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/personalCenter/getMyVoucherPage',
        { page, pageSize: limits.defaultPageSize, stat },
        { schema: voucherPageSchema, signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useVoucherPage(stat: number, page: number, enabled = true) {
  return useLoggedInQuery(voucherPageQuery(stat, page), enabled);
}
