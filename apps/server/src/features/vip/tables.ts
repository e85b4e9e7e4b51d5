import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** VIP ladder: experience is the fen a player has deposited (docs/decisions/0011). */
export const vipGrades = pgTable('vip_grades', {
  grade: integer('grade').primaryKey(),
  name: text('name').notNull(),
  expMin: bigint('exp_min', { mode: 'number' }).notNull(),
  levelRewardFen: bigint('level_reward_fen', { mode: 'number' }).notNull(),
  /** Points granted on reaching the grade, in fen (decision 0016); the console edits them (issue 27 §5). */
  levelPointsFen: bigint('level_points_fen', { mode: 'number' }).notNull().default(0),
  /** The level-up red packet a player opens from the rewards panel, in fen (0: none). */
  redPacketFen: bigint('red_packet_fen', { mode: 'number' }).notNull().default(0),
  freeBoxes: integer('free_boxes').notNull(),
  /** Extra credit on every deposit at this grade, in basis points (the "recharge discount"). */
  rechargeBonusBp: integer('recharge_bonus_bp').notNull(),
  /** Added to the player's promotion rebate rate, in basis points. */
  rebateBoostBp: integer('rebate_boost_bp').notNull(),
});

export const userVip = pgTable('user_vip', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  exp: bigint('exp', { mode: 'number' }).notNull().default(0),
  grade: integer('grade').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A level-up reward is granted exactly once per user and grade. */
export const vipRewards = pgTable(
  'vip_rewards',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    grade: integer('grade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.grade] })],
);
