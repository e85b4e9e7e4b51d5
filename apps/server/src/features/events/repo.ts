import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { activities, activityRankPayouts, activityTaskClaims } from './tables.js';

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivity = typeof activities.$inferInsert;

/** Enabled activities running at `now`: started, and not ended. */
export function runningActivities(ex: Executor, now: Date): Promise<ActivityRow[]> {
  return ex
    .select()
    .from(activities)
    .where(
      and(
        eq(activities.enabled, true),
        sql`${activities.startsAt} <= ${now.toISOString()}::timestamptz`,
        sql`(${activities.endsAt} IS NULL OR ${activities.endsAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(activities.sortOrder), asc(activities.id));
}

export async function findActivity(ex: Executor, id: number): Promise<ActivityRow | null> {
  const [row] = await ex.select().from(activities).where(eq(activities.id, id));
  return row ?? null;
}

export async function enabledLeaderboards(ex: Executor): Promise<ActivityRow[]> {
  return ex
    .select()
    .from(activities)
    .where(and(eq(activities.enabled, true), eq(activities.kind, 'leaderboard')));
}

/** Seeds by slug once: an operator's later edits are never overwritten. */
export async function insertActivitiesOnce(ex: Executor, rows: NewActivity[]): Promise<void> {
  if (rows.length > 0) await ex.insert(activities).values(rows).onConflictDoNothing({ target: activities.slug });
}

/** The claimed task ids of a player's period among `activityIds`. */
export async function claimedTaskIds(
  ex: Executor,
  userId: number,
  claims: Array<{ activityId: number; periodKey: number }>,
): Promise<Set<number>> {
  if (claims.length === 0) return new Set();
  const rows = await ex
    .select({ activityId: activityTaskClaims.activityId, periodKey: activityTaskClaims.periodKey })
    .from(activityTaskClaims)
    .where(
      and(
        eq(activityTaskClaims.userId, userId),
        inArray(
          activityTaskClaims.activityId,
          claims.map((c) => c.activityId),
        ),
      ),
    );
  const wanted = new Set(claims.map((c) => `${c.activityId}:${c.periodKey}`));
  return new Set(rows.filter((r) => wanted.has(`${r.activityId}:${r.periodKey}`)).map((r) => r.activityId));
}

/** The claim row, or null when one exists already for this user, task and period (a concurrent claim waits, then gets null). */
export async function insertClaimOnce(
  ex: Executor,
  claim: { userId: number; activityId: number; periodKey: number; value: number; rewardFen: number },
): Promise<number | null> {
  const [row] = await ex
    .insert(activityTaskClaims)
    .values(claim)
    .onConflictDoNothing({ target: [activityTaskClaims.userId, activityTaskClaims.activityId, activityTaskClaims.periodKey] })
    .returning({ id: activityTaskClaims.id });
  return row?.id ?? null;
}

export type PayoutRow = typeof activityRankPayouts.$inferSelect;

export async function insertPayoutOnce(ex: Executor, payout: Omit<PayoutRow, 'createdAt'>): Promise<boolean> {
  const rows = await ex.insert(activityRankPayouts).values(payout).onConflictDoNothing().returning({ place: activityRankPayouts.place });
  return rows.length === 1;
}

export function payoutsOf(ex: Executor, activityId: number, periodKey: number): Promise<PayoutRow[]> {
  return ex
    .select()
    .from(activityRankPayouts)
    .where(and(eq(activityRankPayouts.activityId, activityId), eq(activityRankPayouts.periodKey, periodKey)))
    .orderBy(asc(activityRankPayouts.place));
}
