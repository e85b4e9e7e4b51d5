import { z } from 'zod';
import { int, nullableInt, text } from './fields.js';
import { filterParam, pagingParams, smallFilterParam } from './params.js';
import { exchangeResultSchema, idListParam } from './cases.js';

export const voucherSchema = z.object({
  id: int,
  /** 0 reward voucher (red packet, redeemed into coins), 1 discount coupon. */
  rewardVoucherType: int,
  /** Coupons: 0 shop, 1 box, 2 recharge. */
  couponType: nullableInt,
  voucherName: text,
  amount: int,
  discountBp: int,
  minSpend: int,
  /** Coupons: the most one use takes off, fen; null when the coupon has no cap (issue 24 §11). */
  maxDiscount: nullableInt,
  /** 0 usable, 1 used, 2 expired. */
  state: int,
  expireTime: text,
  createTime: text,
});
export type Voucher = z.infer<typeof voucherSchema>;

/** stat: -1 all, 0 usable, 1 used, 2 expired. */
export const voucherPageParams = pagingParams.extend({ stat: filterParam.default(-1) });
export const couponPageParams = pagingParams.extend({ couponType: smallFilterParam.default(-1), stat: filterParam.default(-1) });
export const couponListParams = z.object({ couponType: smallFilterParam.default(-1) });
export const voucherCountSchema = z.object({ totalCount: int, totalPrice: int });
export const useRewardVoucherParams = z.object({ rewardVoucherIds: idListParam });
/** Opening red packets answers like selling items back: how many, the coins credited (fen) and the balance after. */
export const useRewardVoucherResultSchema = exchangeResultSchema;
