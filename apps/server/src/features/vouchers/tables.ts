import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Reward vouchers (api-shapes §6: rewardVoucherType 0, redeemed with useRewardVoucher into coins — the
 * site's red packets) and discount coupons (type 1, couponType 0 shop, 1 box, 2 recharge).
 */
export const rewardVouchers = pgTable(
  'reward_vouchers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    voucherType: smallint('voucher_type').notNull(),
    couponType: smallint('coupon_type'),
    name: text('name').notNull(),
    rewardFen: bigint('reward_fen', { mode: 'number' }).notNull().default(0),
    discountBp: integer('discount_bp').notNull().default(0),
    minSpendFen: bigint('min_spend_fen', { mode: 'number' }).notNull().default(0),
    /** Coupons: the most one use takes off (issue 24 §11); null for coupons made before it, which have none. */
    maxDiscountFen: bigint('max_discount_fen', { mode: 'number' }),
    /** 0 unused, 1 used, 2 revoked by an operator (console, issue 16 screen 8). Expiry is read from expires_at. */
    state: smallint('state').notNull().default(0),
    source: text('source').notNull(),
    /** A voucher a source grants once per user (e.g. "welcome"). */
    grantKey: text('grant_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reward_vouchers_user').on(t.userId, t.id),
    uniqueIndex('reward_vouchers_grant_once').on(t.userId, t.grantKey),
    check(
      'reward_vouchers_kind',
      sql`(${t.voucherType} = 0 AND ${t.rewardFen} > 0) OR (${t.voucherType} = 1 AND ${t.couponType} IN (0, 1, 2) AND ${t.discountBp} BETWEEN 1 AND 10000)`,
    ),
  ],
);
