import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { catalogItems as items } from '../catalog/index.js';
import { findRetrieval, type InventoryRow, type RetrievalRow } from './repo.js';
import { inventoryItems, retrievals } from './tables.js';
import { selectPage } from '../../platform/db/paging.js';

export interface RetrievalQueueRow {
  retrieval: RetrievalRow;
  inventory: InventoryRow;
  itemName: string;
  itemImage: string | null;
}

/**
 * Every player's withdrawals for the operator console: one state (-1 all), optionally one player, or only
 * those awaiting risk review. Open withdrawals (states 0–2, and the review queue) come oldest first, as a
 * queue is worked; otherwise newest first.
 */
export async function pageRetrievalQueue(
  ex: Executor,
  q: {
    state: number;
    userId?: number | undefined;
    olderThanMinutes?: number | undefined;
    awaitingReview?: boolean | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: RetrievalQueueRow[]; totalRows: number }> {
  const where: SQL[] = [];
  // The risk-review queue (issue 24 §4): still at 0, a reason, no decision yet.
  if (q.awaitingReview)
    where.push(sql`${retrievals.reviewReason} IS NOT NULL AND ${retrievals.reviewedAt} IS NULL AND ${retrievals.state} = 0`);
  if (q.state >= 0) where.push(eq(retrievals.state, q.state));
  if (q.userId !== undefined) where.push(eq(retrievals.userId, q.userId));
  if (q.olderThanMinutes !== undefined) where.push(lt(retrievals.createdAt, sql`now() - make_interval(mins => ${q.olderThanMinutes})`));
  const filter = where.length ? and(...where) : undefined;
  const open = q.awaitingReview === true || (q.state >= 0 && q.state <= 2);
  const query = ex
    .select({ retrieval: retrievals, inventory: inventoryItems, itemName: items.name, itemImage: items.image })
    .from(retrievals)
    .innerJoin(inventoryItems, eq(inventoryItems.id, retrievals.inventoryItemId))
    .innerJoin(items, eq(items.id, inventoryItems.itemId))
    .where(filter)
    .orderBy(open ? asc(retrievals.id) : desc(retrievals.id));
  return selectPage(ex, { query, from: retrievals, where: filter }, q.page, q.pageSize);
}

/** One withdrawal, its row locked for the caller's transaction (an operator's move against the job's). */
export async function lockRetrieval(ex: Executor, id: number): Promise<RetrievalRow | null> {
  const [row] = await ex.select().from(retrievals).where(eq(retrievals.id, id)).for('update');
  return row ?? null;
}

/** An operator's retry: one more attempt counted, returned with the row. */
export async function countRetrievalAttempt(ex: Executor, id: number): Promise<RetrievalRow | null> {
  const [row] = await ex
    .update(retrievals)
    .set({ attempts: sql`${retrievals.attempts} + 1`, updatedAt: sql`now()` })
    .where(eq(retrievals.id, id))
    .returning();
  return row ?? null;
}

export { findRetrieval };
