import { z } from 'zod';
import { int, nullableText, text } from './fields.js';
import { intParam } from './params.js';

/**
 * Play awareness (issue 18, decision 0043): reality checks and My activity. Money is integer fen.
 * Definitions used by every figure here (the ledger is the only source):
 * - deposits: coins credited by paid deposit orders (`deposit`); never part of the net result;
 * - stakes (spend): what the player's coins and points paid to the house for boxes, battle seats, dreams,
 *   shop items and virtual goods, less battle refunds;
 * - returns: coins paid back to the player for items (swaps back, `item_exchange`) and battle winnings;
 * - net result = returns − stakes (negative: the player is down). Bonuses, transfers between the player's
 *   own balances and manual adjustments are in none of them.
 */

/** The reality check intervals a player may choose, in minutes; 0 = off. */
export const realityCheckIntervals = [0, 15, 30, 45, 60, 90, 120] as const;
export type RealityCheckInterval = (typeof realityCheckIntervals)[number];

/** POST /api/activity/realityCheck: the player's interval. */
export const realityCheckParams = z.object({
  intervalMinutes: intParam(0, 120).refine((n) => (realityCheckIntervals as readonly number[]).includes(n), {
    message: '提醒间隔只能是 0（关闭）、15、30、45、60、90 或 120 分钟',
  }),
});
export const realityCheckSchema = z.object({ intervalMinutes: int });
export type RealityCheckSetting = z.infer<typeof realityCheckSchema>;

/** What the player staked and got back (the definitions above), and the net result: returnsFen − stakesFen, deposits excluded. */
const playResultShape = { stakesFen: int, returnsFen: int, netResultFen: int };

/**
 * GET /api/activity/session: the current play session (= the login session of the calling token, from
 * its creation) and what the reality check shows.
 */
export const activitySessionSchema = z.object({
  /** When this login session began (ISO). */
  sessionStart: text,
  /** The server's clock at the answer (ISO), so the client can correct its own. */
  serverTime: text,
  elapsedSeconds: int,
  ...playResultShape,
  /** 0 = reality checks off. */
  intervalMinutes: int,
  /** How many checks have fallen due this session (elapsed / interval, rounded down); 0 when off. */
  checksDue: int,
  /** When the next check falls due (ISO); null when off. */
  nextCheckAt: nullableText,
});
export type ActivitySession = z.infer<typeof activitySessionSchema>;

export const activityPeriods = ['day', 'month'] as const;
export type ActivityPeriod = (typeof activityPeriods)[number];

/** GET /api/activity/summary: by Beijing day over the last `days` days, or by month over the last `months`. */
export const activitySummaryParams = z.object({
  period: z.enum(activityPeriods, { message: '统计周期只能是 day 或 month' }).default('day'),
  days: intParam(1, 90).default(30),
  months: intParam(1, 12).default(12),
});

export const activityBucketSchema = z.object({
  /** YYYY-MM-DD (day) or YYYY-MM (month), Beijing time. */
  key: text,
  depositsFen: int,
  ...playResultShape,
});
export type ActivityBucket = z.infer<typeof activityBucketSchema>;

export const activitySummarySchema = z.object({
  period: z.enum(activityPeriods),
  /** Every day or month of the range, oldest first, zeros included. */
  buckets: z.array(activityBucketSchema),
  totals: activityBucketSchema.omit({ key: true }),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;
