import { queryOptions } from '@tanstack/react-query';
import { limits, pageSchema, voucherSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

/**
 * GET /api/personalCenter/getMyCouponPage {page, pageSize, couponType} (login): coupons only, every type
 * (-1). Like red packets, no state filter on the server: the largest page, filtered by the panel.
 */
export const couponsQuery = queryOptions({
  queryKey: queryKeys.coupons,
  queryFn: ({ signal }) =>
    apiGet(
      '/api/personalCenter/getMyCouponPage',
      { page: 1, pageSize: limits.maxPageSize, couponType: -1 },
      { schema: pageSchema(voucherSchema), signal },
    ),
});

export function useCoupons(enabled = true) {
  return useLoggedInQuery(couponsQuery, enabled);
}
