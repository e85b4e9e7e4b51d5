import { z } from 'zod';
import { intParam } from './params.js';

/**
 * Operator console screen 1 (dashboard), issue 16: today and each Beijing day (UTC+8) of the last `days`.
 * Money is integer fen. GGR (gross gaming revenue) is defined in docs/OPERATIONS.md, Dashboard.
 */
export const dashboardParams = z.object({ days: intParam(1, 90).default(14) });

export const dashboardDaySchema = z.object({
  /** YYYY-MM-DD, a Beijing day. */
  day: z.string(),
  depositCount: z.number().int(),
  depositFen: z.number().int(),
  /** Paid through the sandbox channel: fake money, never in depositCount/depositFen (decision 0017). */
  sandboxDepositCount: z.number().int(),
  sandboxDepositFen: z.number().int(),
  withdrawalsRequested: z.number().int(),
  withdrawalsDelivered: z.number().int(),
  openings: z.number().int(),
  battles: z.number().int(),
  dreams: z.number().int(),
  /** Staked on games (net of refunds) minus the recovery value of the items they granted. */
  ggrFen: z.number().int(),
  newPlayers: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardResult = z.object({
  /** Oldest first; the last day is today. Days without activity are present with zeros. */
  days: z.array(dashboardDaySchema),
  today: dashboardDaySchema,
  onlineNow: z.number().int(),
});
export type DashboardResult = z.infer<typeof dashboardResult>;
