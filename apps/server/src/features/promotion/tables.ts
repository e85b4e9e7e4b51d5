import { bigint, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Promoter levels: reached by the invitees' cumulative deposits; each pays a rebate rate. */
export const promotionLevels = pgTable('promotion_levels', {
  level: integer('level').primaryKey(),
  name: text('name').notNull(),
  expMin: bigint('exp_min', { mode: 'number' }).notNull(),
  rebateBp: integer('rebate_bp').notNull(),
});

export const promotionStats = pgTable('promotion_stats', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  invitedCount: integer('invited_count').notNull().default(0),
  totalRechargeFen: bigint('total_recharge_fen', { mode: 'number' }).notNull().default(0),
  totalRebateFen: bigint('total_rebate_fen', { mode: 'number' }).notNull().default(0),
  level: integer('level').notNull().default(1),
  /** The invitation code may be changed once. */
  codeChanged: boolean('code_changed').notNull().default(false),
});

/** Advertising channels a sign-up is attributed to (channelCode). */
export const promotionChannels = pgTable('promotion_channels', {
  channelCode: text('channel_code').primaryKey(),
  channelName: text('channel_name').notNull(),
  channelPlatform: text('channel_platform').notNull(),
  available: boolean('available').notNull().default(true),
});
