import { bigint, boolean, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per dream (spec §1, PF v1 §6), never edited: the target and its price snapshot, the chosen
 * probability and the return rate it was priced with, how the fee was paid (coins and points, the staked
 * backpack items' value), the roll it was decided by and, on a win, the backpack item it gave.
 */
export const dreams = pgTable(
  'dreams',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The catalogue item aimed at. */
    targetItemId: bigint('target_item_id', { mode: 'number' }).notNull(),
    targetPriceFen: bigint('target_price_fen', { mode: 'number' }).notNull(),
    /** P in 1/100000: the win range is 1–P. */
    probability: integer('probability').notNull(),
    returnRateBp: integer('return_rate_bp').notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    /** Coins and points spent: the fee less the staked items' value. */
    coinsPaidFen: bigint('coins_paid_fen', { mode: 'number' }).notNull(),
    itemsValueFen: bigint('items_value_fen', { mode: 'number' }).notNull(),
    /** Backpack item ids staked (state 'used', reason 'dream'). */
    stakedItemIds: bigint('staked_item_ids', { mode: 'number' }).array().notNull(),
    rollId: bigint('roll_id', { mode: 'number' }).notNull(),
    won: boolean('won').notNull(),
    wonInventoryItemId: bigint('won_inventory_item_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dreams_user').on(t.userId, t.id),
    // Dreams by time (public transparency, decision 0044).
    index('dreams_created').on(t.createdAt),
  ],
);
