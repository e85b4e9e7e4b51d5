import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type GiveawayKind = 'official' | 'streamer' | 'own';
export type GiveawayRowState = 'running' | 'ended' | 'cancelled';

/**
 * A giveaway room 福利屋 (issue 14, PF v1 §8). The seed pair, the immutable open (draw) time and the beacon
 * round are fixed at creation; the entries' hash and count at the freeze (openTime); the beacon at the draw.
 */
export const giveaways = pgTable(
  'giveaways',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<GiveawayKind>().notNull(),
    state: text('state').$type<GiveawayRowState>().notNull().default('running'),
    /** Null for an official room: the house made it. */
    creatorId: bigint('creator_id', { mode: 'number' }),
    title: text('title').notNull(),
    remark: text('remark').notNull().default(''),
    banner: text('banner'),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    /** Keyed hash of the room's password; null for an open room. */
    passwordHash: text('password_hash'),
    minDepositFen: bigint('min_deposit_fen', { mode: 'number' }).notNull().default(0),
    depositStart: timestamp('deposit_start', { withTimezone: true }),
    depositEnd: timestamp('deposit_end', { withTimezone: true }),
    /** Entrants must be bound (as invitees) to this user's promotion code; null = no such condition. */
    promotionUserId: bigint('promotion_user_id', { mode: 'number' }),
    minVipGrade: integer('min_vip_grade').notNull().default(0),
    serverSeed: text('server_seed').notNull(),
    secretSalt: text('secret_salt').notNull(),
    publicHash: text('public_hash').notNull(),
    targetRound: bigint('target_round', { mode: 'number' }).notNull(),
    /** Entries so far: a join takes number entry_seq + 1 under this row's lock (decision 0028). */
    entrySeq: integer('entry_seq').notNull().default(0),
    entriesHash: text('entries_hash'),
    entryCount: integer('entry_count'),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    beaconSource: text('beacon_source'),
    beaconSignature: text('beacon_signature'),
    randomness: text('randomness'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** A demo official room seeded for `npm start` (SEED_DEMO): the next one is made when it draws. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('giveaways_state').on(t.state, t.kind, t.id),
    index('giveaways_creator').on(t.creatorId, t.id),
    check('giveaways_creator_kind', sql`(${t.kind} = 'official') = (${t.creatorId} IS NULL)`),
  ],
);

/**
 * The ordered prizes (prize k goes to entry a[k], PF v1 §8). Each comes from the shop's stock (official) or
 * is a creator's backpack item held in escrow (streamer, own); the winner and the item granted are written
 * by the draw.
 */
export const giveawayPrizes = pgTable(
  'giveaway_prizes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    giveawayId: bigint('giveaway_id', { mode: 'number' }).notNull(),
    position: smallint('position').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** The value at creation: what the pool shows and what the winner's backpack row is worth. */
    valueFen: bigint('value_fen', { mode: 'number' }).notNull(),
    stockId: bigint('stock_id', { mode: 'number' }),
    escrowInventoryId: bigint('escrow_inventory_id', { mode: 'number' }),
    winnerUserId: bigint('winner_user_id', { mode: 'number' }),
    winnerEntryNo: integer('winner_entry_no'),
    grantedInventoryId: bigint('granted_inventory_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('giveaway_prizes_position').on(t.giveawayId, t.position),
    uniqueIndex('giveaway_prizes_escrow')
      .on(t.escrowInventoryId)
      .where(sql`${t.escrowInventoryId} IS NOT NULL`),
    index('giveaway_prizes_winner')
      .on(t.winnerUserId)
      .where(sql`${t.winnerUserId} IS NOT NULL`),
    check('giveaway_prizes_source', sql`(${t.stockId} IS NULL) <> (${t.escrowInventoryId} IS NULL)`),
  ],
);

/** One entry per user and room, numbered 1, 2, … in join order with no gaps (PF v1 §8). */
export const giveawayEntries = pgTable(
  'giveaway_entries',
  {
    giveawayId: bigint('giveaway_id', { mode: 'number' }).notNull(),
    entryNo: integer('entry_no').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.giveawayId, t.entryNo] }),
    uniqueIndex('giveaway_entries_user').on(t.giveawayId, t.userId),
    index('giveaway_entries_user_rooms').on(t.userId, t.giveawayId),
  ],
);
