import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { catalogItems as items } from '../catalog/index.js';
import { inventoryEvents, inventoryItems, retrievals, type InventoryState } from './tables.js';
import { sellBackFenSql } from './sell-back.js';

export type InventoryRow = typeof inventoryItems.$inferSelect;
export type RetrievalRow = typeof retrievals.$inferSelect;

export async function insertInventory(ex: Executor, rows: Array<typeof inventoryItems.$inferInsert>): Promise<InventoryRow[]> {
  if (rows.length === 0) return [];
  return ex.insert(inventoryItems).values(rows).returning();
}

/**
 * The only way an item changes state: conditional on its owner and current state, so of two concurrent
 * swaps or withdrawals of one item exactly one wins (security.md "Money and items").
 */
export async function moveState(
  ex: Executor,
  userId: number,
  ids: number[],
  from: InventoryState,
  to: InventoryState,
): Promise<InventoryRow[]> {
  if (ids.length === 0) return [];
  return ex
    .update(inventoryItems)
    .set({ state: to, updatedAt: sql`now()` })
    .where(and(inArray(inventoryItems.id, ids), eq(inventoryItems.userId, userId), eq(inventoryItems.state, from)))
    .returning();
}

export async function insertEvents(ex: Executor, rows: Array<typeof inventoryEvents.$inferInsert>) {
  if (rows.length) await ex.insert(inventoryEvents).values(rows);
}

const stateFilter = (state: number) =>
  state === 0 ? eq(inventoryItems.state, 'in_backpack') : state === 1 ? ne(inventoryItems.state, 'in_backpack') : undefined;

/** What a copy sells back for now (decision 0051): the value the backpack shows and a swap pays. */
const sellBackFen = sql.raw(sellBackFenSql('"inventory_items"."recovery_price_fen"', '"inventory_items"."item_id"')).mapWith(Number);

export async function pageInventory(ex: Executor, userId: number, opts: { state: number; sort: number; page: number; pageSize: number }) {
  const where = and(eq(inventoryItems.userId, userId), stateFilter(opts.state));
  const order =
    opts.sort === 1
      ? [desc(inventoryItems.recoveryPriceFen), desc(inventoryItems.id)]
      : opts.sort === 2
        ? [asc(inventoryItems.recoveryPriceFen), desc(inventoryItems.id)]
        : [desc(inventoryItems.id)];
  const query = ex
    .select({ inv: inventoryItems, item: items, sellBackFen })
    .from(inventoryItems)
    .innerJoin(items, eq(items.id, inventoryItems.itemId))
    .where(where)
    .orderBy(...order);
  return selectPage(ex, { query, from: inventoryItems, where }, opts.page, opts.pageSize);
}

export async function insertRetrievals(ex: Executor, rows: Array<typeof retrievals.$inferInsert>): Promise<RetrievalRow[]> {
  return ex.insert(retrievals).values(rows).returning();
}

export async function findRetrieval(ex: Executor, id: number): Promise<RetrievalRow | null> {
  const [row] = await ex.select().from(retrievals).where(eq(retrievals.id, id));
  return row ?? null;
}

/** Moves a retrieval one state on, only from the state it was read in (a re-run job changes nothing). */
export async function stepRetrieval(ex: Executor, id: number, from: number, to: number, remark: string | null) {
  const [row] = await ex
    .update(retrievals)
    // 3 success and 4 failed are final: their time is what the public withdrawal figures measure (decision 0044).
    .set({ state: to, remark, updatedAt: sql`now()`, ...(to === 3 || to === 4 ? { finishedAt: sql`now()` } : {}) })
    .where(and(eq(retrievals.id, id), eq(retrievals.state, from)))
    .returning();
  return row ?? null;
}

export async function pageRetrievals(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = eq(retrievals.userId, userId);
  const query = ex
    .select({ r: retrievals, inv: inventoryItems, item: items })
    .from(retrievals)
    .innerJoin(inventoryItems, eq(inventoryItems.id, retrievals.inventoryItemId))
    .innerJoin(items, eq(items.id, inventoryItems.itemId))
    .where(where)
    .orderBy(desc(retrievals.id));
  return selectPage(ex, { query, from: retrievals, where }, page, pageSize);
}

export async function itemNameOf(ex: Executor, inventoryItemId: number): Promise<string> {
  const [row] = await ex
    .select({ name: items.name })
    .from(inventoryItems)
    .innerJoin(items, eq(items.id, inventoryItems.itemId))
    .where(eq(inventoryItems.id, inventoryItemId));
  return row?.name ?? '饰品';
}
