import { z } from 'zod';
import { bool, int, nullableInt, nullableText, text } from './fields.js';
import { intIdParam } from './params.js';
import { playerShape } from './shapes.js';

/**
 * Activities 活动 (/event, issue 15): time-limited daily tasks whose rewards are points, and leaderboard
 * events over a period settled by a durable job. Activities are rows the operator edits; progress is
 * read from the game's own records (openings, dreams, battles, paid deposits), never counted twice.
 * Days and weeks are Beijing calendar days (UTC+8), weeks start on Monday. Amounts in fen.
 */

/** What a task or a leaderboard counts, from the records of the feature that owns it. */
export const eventMetrics = ['box_opens', 'battle_wins', 'dreams', 'deposits'] as const;
export const eventMetricSchema = z.enum(eventMetrics);
export type EventMetric = z.infer<typeof eventMetricSchema>;

export const eventKinds = ['task', 'leaderboard'] as const;
/** 'day': resets every Beijing day; 'week': Monday to Monday. */
export const eventPeriods = ['day', 'week'] as const;
/** Which balance a reward is paid into: 'point' 积分 or 'coin' 金币. */
export const eventRewardKinds = ['point', 'coin'] as const;

/** The player's standing in a task or a leaderboard of the current period; null for guests. */
export const eventProgressSchema = z.object({
  /** How many counted actions in the current period. */
  value: int,
  /** Tasks: the value needed. Leaderboards: 0. */
  target: int,
  completed: bool,
  /** Tasks: the reward of this period was claimed. */
  claimed: bool,
  /** Leaderboards: the player's place among the shown top, or null when outside it. */
  place: nullableInt,
});
export type EventProgress = z.infer<typeof eventProgressSchema>;

export const eventActivitySchema = z.object({
  id: int,
  kind: z.enum(eventKinds),
  metric: eventMetricSchema,
  period: z.enum(eventPeriods),
  /** In the request's language (Chinese when no translation exists). */
  title: text,
  rules: text,
  /** Tasks: the count to reach in the period. */
  target: int,
  rewardKind: z.enum(eventRewardKinds),
  /** Tasks: the reward per completed period. */
  rewardFen: int,
  /** Leaderboards: the prize of each place, first place first. */
  prizesFen: z.array(int),
  /** The current period (ISO instants): the countdown runs to periodEnd. */
  periodStart: text,
  periodEnd: text,
  /** The activity's whole run; endsAt null = until the operator ends it. */
  startsAt: text,
  endsAt: nullableText,
  progress: eventProgressSchema.nullable(),
});
export type EventActivity = z.infer<typeof eventActivitySchema>;

/** GET /api/event/list: the running activities, tasks first. */
export const eventListSchema = z.object({ serverTime: text, activities: z.array(eventActivitySchema) });
export type EventList = z.infer<typeof eventListSchema>;

/** POST /api/event/claimTask. */
export const claimEventTaskParams = z.object({ taskId: intIdParam });
export const claimEventTaskResultSchema = z.object({
  taskId: int,
  rewardKind: z.enum(eventRewardKinds),
  rewardFen: int,
  /** The balance of rewardKind after the credit. */
  balanceFen: int,
});
export type ClaimEventTaskResult = z.infer<typeof claimEventTaskResultSchema>;

/** GET /api/event/leaderboard. */
export const eventLeaderboardParams = z.object({ eventId: intIdParam });
export const eventRankEntrySchema = z.object({
  place: int,
  customerId: int,
  ...playerShape,
  value: int,
  /** The prize this place is (or was) paid; 0 outside the prize places. */
  prizeFen: int,
});
export type EventRankEntry = z.infer<typeof eventRankEntrySchema>;
export const eventLeaderboardSchema = z.object({
  eventId: int,
  metric: eventMetricSchema,
  rewardKind: z.enum(eventRewardKinds),
  prizesFen: z.array(int),
  periodStart: text,
  periodEnd: text,
  /** The running period's ranking, live. */
  current: z.array(eventRankEntrySchema),
  /** The previous period as settled and paid (empty until it is). */
  previous: z.array(eventRankEntrySchema),
});
export type EventLeaderboard = z.infer<typeof eventLeaderboardSchema>;

/** How many places a leaderboard shows. */
export const EVENT_RANK_SIZE = 10;
