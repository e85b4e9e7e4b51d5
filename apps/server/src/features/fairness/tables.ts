import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Seed pairs (PF v1 §4): one active and one next pair per user; retired pairs are revealed. The active
 * server seed never leaves the server while it is active.
 */
export const seedPairs = pgTable(
  'seed_pairs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    state: text('state').$type<'next' | 'active' | 'retired'>().notNull(),
    serverSeed: text('server_seed').notNull(),
    secretSalt: text('secret_salt').notNull(),
    publicHash: text('public_hash').notNull(),
    clientSeed: text('client_seed'),
    nonce: integer('nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('seed_pairs_one_active')
      .on(t.userId)
      .where(sql`${t.state} = 'active'`),
    uniqueIndex('seed_pairs_one_next')
      .on(t.userId)
      .where(sql`${t.state} = 'next'`),
    index('seed_pairs_user').on(t.userId, t.id),
  ],
);

/**
 * Every roll, never edited or deleted: what a verifier needs (PF v1 §10). The id is the roll id, shown
 * only to its owner; `public_id` (128 random bits) is what a share link carries, so records cannot be
 * walked by counting. The balances are the player's coins and points around the game this roll belongs
 * to (security.md "balances before and after"); rolls made before they were recorded hold null.
 */
export const rolls = pgTable(
  'rolls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    game: text('game').$type<'case' | 'dream' | 'free_case'>().notNull(),
    seedPairId: bigint('seed_pair_id', { mode: 'number' }).notNull(),
    nonce: integer('nonce').notNull(),
    rollCode: integer('roll_code').notNull(),
    rangeLow: integer('range_low').notNull(),
    rangeHigh: integer('range_high').notNull(),
    caseId: bigint('case_id', { mode: 'number' }),
    caseVersion: integer('case_version'),
    oddsHash: text('odds_hash'),
    itemId: bigint('item_id', { mode: 'number' }),
    pricePaidFen: bigint('price_paid_fen', { mode: 'number' }).notNull().default(0),
    /** Dream chasing (PF v1 §6): the target's price snapshot T and the return rate; the fee is price_paid_fen. */
    targetPriceFen: bigint('target_price_fen', { mode: 'number' }),
    returnRateBp: integer('return_rate_bp'),
    publicId: text('public_id').notNull(),
    coinBeforeFen: bigint('coin_before_fen', { mode: 'number' }),
    pointBeforeFen: bigint('point_before_fen', { mode: 'number' }),
    coinAfterFen: bigint('coin_after_fen', { mode: 'number' }),
    pointAfterFen: bigint('point_after_fen', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rolls_pair_nonce').on(t.seedPairId, t.nonce),
    index('rolls_user').on(t.userId, t.id),
    uniqueIndex('rolls_public_id').on(t.publicId),
    // A box's newest openings under one odds version: the live return (features/returns, decision 0033).
    // The item and price as trailing keys make it an index-only scan; without them the planner walks the
    // primary key backwards and, for a box with few openings, reads the whole table.
    index('rolls_case').on(t.caseId, t.caseVersion, t.id, t.itemId, t.pricePaidFen),
    // Box openings by time (public transparency, decision 0044): an index-only range scan per window.
    index('rolls_case_time')
      .on(t.createdAt, t.caseId, t.caseVersion, t.itemId, t.pricePaidFen)
      .where(sql`${t.caseId} IS NOT NULL`),
  ],
);
