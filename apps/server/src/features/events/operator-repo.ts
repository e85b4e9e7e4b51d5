import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import type { ActivityRow } from './repo.js';
import { scheduleSettlement } from './settle.js';
import { activities } from './tables.js';
import { selectPage } from '../../platform/db/paging.js';

/**
 * The operator console's reads and writes of activities (issue 16 screen 10). The seed inserts by slug
 * once and never overwrites, so an edit here stays (decision 0030). The player's /api/event/list reads
 * the same rows on every call: an edit shows at once.
 */

export async function pageAllActivities(ex: Executor, page: number, pageSize: number) {
  const query = ex.select().from(activities).orderBy(asc(activities.sortOrder), asc(activities.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: activities, where: undefined }, page, pageSize);
  return { rows, total: totalRows };
}

export async function lockActivity(ex: Executor, id: number): Promise<ActivityRow | null> {
  const [row] = await ex.select().from(activities).where(eq(activities.id, id)).for('update');
  return row ?? null;
}

export type ActivityEdit = Pick<
  ActivityRow,
  'titleZh' | 'titleEn' | 'rulesZh' | 'rulesEn' | 'startsAt' | 'endsAt' | 'enabled' | 'sortOrder'
>;

/**
 * Writes the edit; a leaderboard that runs after it gets its current period's settlement job (deduped by
 * period, so an existing job stays): re-enabling one whose job chain stopped while it was off, or moving
 * its start, must not leave a period without its payout.
 */
export async function updateActivity(ex: Executor, id: number, edit: ActivityEdit, nowMs = Date.now()): Promise<ActivityRow> {
  const [row] = await ex.update(activities).set(edit).where(eq(activities.id, id)).returning();
  if (row!.kind === 'leaderboard' && row!.enabled) await scheduleSettlement(ex, row!, nowMs);
  return row!;
}
