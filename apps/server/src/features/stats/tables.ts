import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The public drop feed (spec §1 "live drop feed"). Games write one row per drop in their own transaction
 * through the stats service; the row is a snapshot so the feed never joins the game tables.
 */
export const liveDrops = pgTable(
  'live_drops',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }),
    nickname: text('nickname').notNull(),
    headPic: text('head_pic'),
    giftName: text('gift_name').notNull(),
    giftImage: text('gift_image'),
    grade: smallint('grade').notNull(),
    recoveryPriceFen: bigint('recovery_price_fen', { mode: 'number' }).notNull(),
    /** Event type of the source: 21 case, 22 upgrade (dream), 23 battle. */
    sourceType: integer('source_type').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    sourceName: text('source_name'),
    sourceImage: text('source_image'),
    /** Seeded or sandbox-published: shown labelled as demo, never counted as activity (decision 0017). */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * From when public reads show the row (issue 24 §14): now for openings and dreams, a battle's reveal end
     * for its drops (the room shows one round at a time, so earlier would spoil it), null for a private
     * battle's drops, which are never public.
     */
    publicFrom: timestamp('public_from', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    // Newest first reads the primary key backwards; a second index on id only cost every opening a write.
    index('live_drops_top').on(t.grade, t.id),
    index('live_drops_source_time').on(t.sourceType, t.createdAt),
  ],
);
