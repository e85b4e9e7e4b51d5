import { z } from 'zod';
import { int, text } from './fields.js';
import { intParam } from './params.js';

/**
 * Operator console screen 1 (dashboard), issue 16: today and each Beijing day (UTC+8) of the last `days`.
 * Money is integer fen. GGR (gross gaming revenue) is defined in docs/OPERATIONS.md, Dashboard.
 */
export const dashboardParams = z.object({ days: intParam(1, 90).default(14) });

export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD, a Beijing day. */
  day: text,
  depositCount: int,
  depositFen: int,
  /** Paid through the sandbox channel: fake money, never in depositCount/depositFen (decision 0017). */
  sandboxDepositCount: int,
  sandboxDepositFen: int,
  withdrawalsRequested: int,
  withdrawalsDelivered: int,
  openings: int,
  battles: int,
  dreams: int,
  /** Staked on games (net of refunds) minus the recovery value of the items they granted. */
  ggrFen: int,
  newPlayers: int,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardResult = z.object({
  /** Oldest first; the last day is today. Days without activity are present with zeros. */
  days: z.array(dashboardDaySchema),
  today: dashboardDaySchema,
  onlineNow: int,
  /**
   * Settings players would see that are not set yet (issue 27 §6): supportContact while the customer-service
   * email or chat link is an example address. Shown in red until fixed.
   */
  warnings: z.array(z.enum(['supportContact', 'imageFallback'])).default([]),
});
export type DashboardResult = z.infer<typeof dashboardResult>;
