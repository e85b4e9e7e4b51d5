import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Activities 活动 (issue 15): data the operator edits, not code. A task pays `reward_fen` once per player
 * and period when the player's count of `metric` reaches `target`; a leaderboard ranks players by the
 * metric over each period and pays `prizes_fen[place - 1]` when the period ends.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Stable name for seeding and the operator console, e.g. "daily-open-3". */
    slug: text('slug').notNull(),
    kind: text('kind').$type<'task' | 'leaderboard'>().notNull(),
    metric: text('metric').$type<'box_opens' | 'battle_wins' | 'dreams' | 'deposits'>().notNull(),
    period: text('period').$type<'day' | 'week'>().notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en'),
    rulesZh: text('rules_zh').notNull(),
    rulesEn: text('rules_en'),
    target: integer('target').notNull().default(0),
    rewardKind: text('reward_kind').$type<'point' | 'coin'>().notNull().default('point'),
    rewardFen: bigint('reward_fen', { mode: 'number' }).notNull().default(0),
    prizesFen: jsonb('prizes_fen').$type<number[]>().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activities_slug').on(t.slug),
    check('activities_kind', sql`${t.kind} IN ('task', 'leaderboard')`),
    check('activities_period', sql`${t.period} IN ('day', 'week')`),
    check('activities_reward_kind', sql`${t.rewardKind} IN ('point', 'coin')`),
    check('activities_amounts', sql`${t.target} >= 0 AND ${t.rewardFen} >= 0`),
  ],
);

/**
 * One row per paid task reward: the unique (user, activity, period) is what makes a second claim, even a
 * concurrent one, a refusal. `period_key` is the Beijing date of the period's start (20261125).
 */
export const activityTaskClaims = pgTable(
  'activity_task_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    periodKey: integer('period_key').notNull(),
    value: integer('value').notNull(),
    rewardFen: bigint('reward_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_task_claims_once').on(t.userId, t.activityId, t.periodKey),
    index('activity_task_claims_user').on(t.userId, t.periodKey),
  ],
);

/** A leaderboard period's final places as settled and paid, once per (activity, period, place). */
export const activityRankPayouts = pgTable(
  'activity_rank_payouts',
  {
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    periodKey: integer('period_key').notNull(),
    place: integer('place').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    value: integer('value').notNull(),
    prizeFen: bigint('prize_fen', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.periodKey, t.place] })],
);
