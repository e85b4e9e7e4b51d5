import { z } from 'zod';
import { int, nullableText, text } from './fields.js';
import { idParam, intParam, noNul, pagingParams } from './params.js';
import { optionalCouponId } from './cases.js';
import { walletShape } from './shapes.js';

/** Shop filters of spec §2: dagger, AWP, M4, AK, pistol. */
export const shopCategories = ['dagger', 'awp', 'm4', 'ak', 'pistol'] as const;
export const shopPageParams = pagingParams.extend({
  /** 0 default, 1 price high→low, 2 price low→high. */
  sort: intParam(0, 2).default(0),
  category: z.preprocess((v) => (v === '' || v === '-1' ? undefined : v), z.enum(shopCategories).optional()),
  name: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(40).refine(noNul).optional()),
});
export const shopItemSchema = z.object({
  id: int,
  giftId: int,
  giftName: text,
  giftImage: nullableText,
  grade: int,
  category: nullableText,
  price: int,
  stock: int,
});
export type ShopItem = z.infer<typeof shopItemSchema>;
/** couponId: a shop coupon (couponType 0); empty or -1 = none. */
export const shopBuyParams = z.object({ id: idParam, quantity: intParam(1, 10).default(1), couponId: optionalCouponId });
export const shopBuyResultSchema = z.object({ voucherIds: z.array(int), amount: int, ...walletShape });
export const purchaseRecordSchema = z.object({ id: int, giftName: text, quantity: int, amount: int, createTime: text });
