import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Golden Codes (issue 5 §7). Codes are stored upper-case (6–32 of A-Z0-9) and looked up by equality on
 * the unique index; the input is upper-cased before the query. Each row carries exactly the column its
 * reward type needs (a coupon: its type, discount and minimum spend).
 */
export const goldenCodeRewardTypes = ['coin', 'item', 'box', 'coupon'] as const;
export type GoldenCodeRewardType = (typeof goldenCodeRewardTypes)[number];

export const goldenCodes = pgTable(
  'golden_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull().unique('golden_codes_code'),
    rewardType: text('reward_type').$type<GoldenCodeRewardType>().notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    itemId: bigint('item_id', { mode: 'number' }),
    boxId: bigint('box_id', { mode: 'number' }),
    couponType: smallint('coupon_type'),
    discountBp: integer('discount_bp'),
    minSpendFen: bigint('min_spend_fen', { mode: 'number' }),
    /** Coupon codes: the most one coupon takes off (issue 24 §11); null for codes made before it. */
    maxDiscountFen: bigint('max_discount_fen', { mode: 'number' }),
    maxUses: integer('max_uses').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    /** Set by an operator (console, issue 16 screen 8): a disabled code redeems like an unknown one. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    check('golden_codes_code_format', sql`${t.code} ~ '^[A-Z0-9]{6,32}$'`),
    // The backstop of "exactly 10 of 100 concurrent users": the UPDATE's WHERE is the rule, this the guard.
    check('golden_codes_uses', sql`${t.maxUses} >= 1 AND ${t.usedCount} >= 0 AND ${t.usedCount} <= ${t.maxUses}`),
    check(
      'golden_codes_reward',
      sql`(${t.rewardType} = 'coin' AND ${t.amountFen} > 0 AND ${t.itemId} IS NULL AND ${t.boxId} IS NULL)
       OR (${t.rewardType} = 'item' AND ${t.itemId} IS NOT NULL AND ${t.amountFen} IS NULL AND ${t.boxId} IS NULL)
       OR (${t.rewardType} = 'box' AND ${t.boxId} IS NOT NULL AND ${t.amountFen} IS NULL AND ${t.itemId} IS NULL)
       OR (${t.rewardType} = 'coupon' AND ${t.couponType} IN (0, 1, 2) AND ${t.discountBp} BETWEEN 1 AND 10000
           AND ${t.amountFen} IS NULL AND ${t.itemId} IS NULL AND ${t.boxId} IS NULL)`,
    ),
  ],
);

/** One row per (code, user): the unique pair is what makes "one use per user" hold under concurrency. */
export const goldenCodeRedemptions = pgTable(
  'golden_code_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    codeId: bigint('code_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('golden_code_redemptions_once').on(t.codeId, t.userId), index('golden_code_redemptions_user').on(t.userId, t.id)],
);
