import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type BattleState = 'waiting' | 'running' | 'ended' | 'cancelled' | 'voided';

/**
 * A box battle (spec §4, PF v1 §7). The battle's own seed pair is committed at creation (public hash) and
 * revealed after the draw; lock fields are written once, when the last seat fills.
 */
export const battles = pgTable(
  'battles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What links and calls carry (`battleCode`): random, so private rooms cannot be found by counting. */
    code: text('code').notNull(),
    creatorId: bigint('creator_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    /** A key of the rule table (rules.ts): 'oh' classic, 'fq' non-chieftain. */
    rule: text('rule').notNull(),
    seats: smallint('seats').notNull(),
    state: text('state').$type<BattleState>().notNull().default('waiting'),
    /** Sum of the box prices at creation: what each human seat pays. */
    entryPriceFen: bigint('entry_price_fen', { mode: 'number' }).notNull(),
    /** Keyed hash of a private room's password; null for a public room. */
    passwordHash: text('password_hash'),
    serverSeed: text('server_seed').notNull(),
    secretSalt: text('secret_salt').notNull(),
    publicHash: text('public_hash').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    targetRound: bigint('target_round', { mode: 'number' }),
    seatsDigest: text('seats_digest'),
    beaconSource: text('beacon_source'),
    beaconSignature: text('beacon_signature'),
    randomness: text('randomness'),
    winnerSeat: smallint('winner_seat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('battles_code').on(t.code),
    index('battles_state').on(t.state, t.id),
    index('battles_creator').on(t.creatorId, t.id),
    // Settled battles by time (public transparency, decision 0044).
    index('battles_ended')
      .on(t.endedAt)
      .where(sql`${t.state} = 'ended'`),
    check('battles_seats', sql`${t.seats} BETWEEN 2 AND 4`),
  ],
);

/** The ordered boxes, one round each, with what PF v1 §7 fixes at creation (version, odds, prices). */
export const battleBoxes = pgTable(
  'battle_boxes',
  {
    battleId: bigint('battle_id', { mode: 'number' }).notNull(),
    round: smallint('round').notNull(),
    boxId: bigint('box_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    oddsHash: text('odds_hash').notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    /** Item id → value in fen at creation (W9): the winner is decided on these, whatever prices do later. */
    itemPrices: jsonb('item_prices').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.battleId, t.round] })],
);

/** Seats 1..N: a player (who paid coinFen + pointFen) or a house bot (who paid nothing). */
export const battleSeats = pgTable(
  'battle_seats',
  {
    battleId: bigint('battle_id', { mode: 'number' }).notNull(),
    seat: smallint('seat').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    botId: integer('bot_id'),
    clientSeed: text('client_seed').notNull(),
    coinFen: bigint('coin_fen', { mode: 'number' }).notNull().default(0),
    pointFen: bigint('point_fen', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.battleId, t.seat] }),
    uniqueIndex('battle_seats_user')
      .on(t.battleId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    index('battle_seats_user_battles').on(t.userId, t.battleId),
    check('battle_seats_who', sql`(${t.userId} IS NULL) <> (${t.botId} IS NULL)`),
  ],
);

/**
 * One roll per round and seat. Not the fairness `rolls` table: that one is keyed by a user's seed pair and
 * nonce (unique per pair), while a battle roll is keyed by the battle's own seed, the beacon round and
 * (round, seat), and a bot's roll has no user (decision 0025).
 */
export const battleRolls = pgTable(
  'battle_rolls',
  {
    battleId: bigint('battle_id', { mode: 'number' }).notNull(),
    round: smallint('round').notNull(),
    seat: smallint('seat').notNull(),
    rollCode: integer('roll_code').notNull(),
    rangeLow: integer('range_low').notNull(),
    rangeHigh: integer('range_high').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    valueFen: bigint('value_fen', { mode: 'number' }).notNull(),
    /** The backpack item a human winner received for it; null when a bot won (it stays with the house). */
    inventoryItemId: bigint('inventory_item_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.battleId, t.round, t.seat] })],
);

/** House bots: public profiles with no money accounts (decision 0025). */
export const battleBots = pgTable('battle_bots', {
  id: integer('id').primaryKey(),
  nickname: text('nickname').notNull(),
  headPic: text('head_pic'),
  /** The console takes a bot out of new rooms (issue 16 screen 9); seats it already holds are kept. */
  enabled: boolean('enabled').notNull().default(true),
});
