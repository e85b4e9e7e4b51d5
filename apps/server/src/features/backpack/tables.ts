import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** 'escrowed': a prize of a giveaway room its owner created, held until the draw or a cancel (decision 0028). */
export type InventoryState = 'in_backpack' | 'exchanged' | 'retrieving' | 'retrieved' | 'used' | 'escrowed';

/** Won and bought items. State changes only through the backpack service, with a history row each. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    state: text('state').$type<InventoryState>().notNull().default('in_backpack'),
    /** case, free_case, shop, battle, dream, giveaway */
    sourceType: text('source_type').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    /** Snapshot at acquisition: what a swap pays, whatever the catalogue says later. */
    recoveryPriceFen: bigint('recovery_price_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_user_state').on(t.userId, t.state, t.id)],
);

export const inventoryEvents = pgTable(
  'inventory_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }).notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    reason: text('reason').notNull(),
    refId: text('ref_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_events_item').on(t.inventoryItemId)],
);

/** Withdrawals to the game-platform account; state 0..4 as spec §4. */
export const retrievals = pgTable(
  'retrievals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }).notNull(),
    state: smallint('state').notNull().default(0),
    tradeUrl: text('trade_url').notNull(),
    remark: text('remark'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it reached 3 success or 4 failed (public withdrawal times, decision 0044); null before, and on rows finished before the column existed. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Why it waits for an operator's risk review before the fulfilment may hand it on (issue 24 §4, decision
     * 0045): the request's value or the day's count; null: no review needed. `reviewed_*`: who decided, when.
     */
    reviewReason: text('review_reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('retrievals_user').on(t.userId, t.id),
    index('retrievals_finished')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} IS NOT NULL`),
    index('retrievals_awaiting_review')
      .on(t.id)
      .where(sql`${t.reviewReason} IS NOT NULL AND ${t.reviewedAt} IS NULL`),
    // The open ones, which the metrics scrape counts by state (issue 26 §12): a few among every withdrawal ever made.
    index('retrievals_open')
      .on(t.state, t.createdAt)
      .where(sql`${t.state} IN (0, 1, 2)`),
  ],
);
