import { z } from 'zod';
import { filterParam, pagingParams, smallFilterParam } from './params.js';
import { idListParam } from './cases.js';

export const voucherSchema = z.object({
  id: z.number().int(),
  /** 0 reward voucher (red packet, redeemed into coins), 1 discount coupon. */
  rewardVoucherType: z.number().int(),
  /** Coupons: 0 shop, 1 box, 2 recharge. */
  couponType: z.number().int().nullable(),
  voucherName: z.string(),
  amount: z.number().int(),
  discountBp: z.number().int(),
  minSpend: z.number().int(),
  /** Coupons: the most one use takes off, fen; null when the coupon has no cap (issue 24 §11). */
  maxDiscount: z.number().int().nullable(),
  /** 0 usable, 1 used, 2 expired. */
  state: z.number().int(),
  expireTime: z.string(),
  createTime: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

/** stat: -1 all, 0 usable, 1 used, 2 expired. */
export const voucherPageParams = pagingParams.extend({ stat: filterParam.default(-1) });
export const couponPageParams = pagingParams.extend({ couponType: smallFilterParam.default(-1), stat: filterParam.default(-1) });
export const couponListParams = z.object({ couponType: smallFilterParam.default(-1) });
export const voucherCountSchema = z.object({ totalCount: z.number().int(), totalPrice: z.number().int() });
export const useRewardVoucherParams = z.object({ rewardVoucherIds: idListParam });
export const useRewardVoucherResultSchema = z.object({ quantity: z.number().int(), amount: z.number().int(), balance: z.number().int() });
