import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { voucherSchema, type Voucher } from '@skinfair/contract';
import { apiGet } from './client';
import { queryKeys } from './query-keys';
import { useLoggedInQuery } from './use-logged-in-query';

/** Coupon types of the checkouts (getMyCoupons couponType): 0 shop, 1 box, 2 recharge. */
export type CouponType = 0 | 1 | 2;

/** GET /api/personalCenter/getMyCoupons {couponType} (login): the usable coupons a checkout offers. */
export const usableCouponsQuery = (couponType: CouponType) =>
  queryOptions({
    queryKey: [...queryKeys.coupons, 'usable', couponType],
    queryFn: ({ signal }) =>
      apiGet('/api/personalCenter/getMyCoupons', { couponType }, { schema: z.array(voucherSchema), signal, skipErrorToast: true }),
  });

export function useUsableCoupons(couponType: CouponType) {
  return useLoggedInQuery(usableCouponsQuery(couponType));
}

/**
 * What a coupon is worth on a total, as the server computes it (docs/decisions/0012): floor(total × bp /
 * 10000), at most its cap when it has one (decision 0048), and nothing below the coupon's minimum spend.
 * Box and shop coupons take it off the price; recharge coupons add it to the credit.
 */
export function couponValueFen(coupon: Pick<Voucher, 'discountBp' | 'minSpend' | 'maxDiscount'>, totalFen: number): number | null {
  if (totalFen < coupon.minSpend) return null;
  const discountFen = Math.floor((totalFen * coupon.discountBp) / 10_000);
  return coupon.maxDiscount === null ? discountFen : Math.min(discountFen, coupon.maxDiscount);
}
