import { and, asc, eq, gte, ilike, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { queryRows } from '../../../platform/db/rows.js';
import { marketHashName, marketKey } from '../market-names.js';
import { boxDrops, boxes, items } from '../tables.js';
import { selectPage } from '../../../platform/db/paging.js';
import { likePattern } from '../../../platform/db/like.js';

/**
 * The catalogue's queries for the console's Items and prices screen (issue 16 screen 4). The console
 * reaches the items table only through these, so the catalogue stays the one owner of its rows.
 */

/** A market-name search matches at most this many variants (a console list, not an export). */
const MARKET_SEARCH_CAP = 2_000;

export type CatalogItemRow = typeof items.$inferSelect;

export interface CatalogFilter {
  search?: string | undefined;
  category?: string | undefined;
  weapon?: string | undefined;
  rarity?: string | undefined;
  /** The shop's item ids and whether the list keeps only them (true) or leaves them out (false). */
  shop?: { itemIds: number[]; listed: boolean } | undefined;
  priceMinFen?: number | undefined;
  priceMaxFen?: number | undefined;
}

/** Every variant's market hash name, keyed for matching (lower case): key → item ids (phases share one). */
export async function itemIdsByMarketName(ex: Executor): Promise<Map<string, number[]>> {
  const rows = await ex
    .select({ id: items.id, templateId: items.templateId, exterior: items.exterior, statTrak: items.statTrak })
    .from(items)
    .orderBy(asc(items.id));
  const byName = new Map<string, number[]>();
  for (const r of rows) {
    const name = marketHashName(r);
    if (!name) continue;
    const key = marketKey(name);
    const ids = byName.get(key);
    if (ids) ids.push(r.id);
    else byName.set(key, [r.id]);
  }
  return byName;
}

/** Ids of variants whose market hash name contains the text (case-insensitive). */
async function idsMatchingMarketName(ex: Executor, text: string): Promise<number[]> {
  const needle = marketKey(text);
  const found: number[] = [];
  for (const [name, ids] of await itemIdsByMarketName(ex)) {
    if (!name.includes(needle)) continue;
    found.push(...ids);
    if (found.length >= MARKET_SEARCH_CAP) break;
  }
  return found;
}

export async function pageCatalogItems(ex: Executor, filter: CatalogFilter, page: number, pageSize: number) {
  const where: SQL[] = [];
  if (filter.search) {
    const asId = /^\d{1,15}$/.test(filter.search) ? Number(filter.search) : null;
    if (asId !== null) where.push(eq(items.id, asId));
    else {
      const byMarket = /^[\x20-\x7e™★]+$/.test(filter.search) ? await idsMatchingMarketName(ex, filter.search) : [];
      const byName = ilike(items.name, likePattern(filter.search));
      where.push(byMarket.length ? or(byName, inArray(items.id, byMarket))! : byName);
    }
  }
  if (filter.category) where.push(eq(items.category, filter.category));
  if (filter.weapon) where.push(ilike(items.weaponName, likePattern(filter.weapon)));
  if (filter.rarity) where.push(eq(items.rarity, filter.rarity));
  if (filter.shop) {
    const { itemIds, listed } = filter.shop;
    if (listed) where.push(itemIds.length ? inArray(items.id, itemIds) : sql`false`);
    else if (itemIds.length) where.push(notInArray(items.id, itemIds));
  }
  if (filter.priceMinFen !== undefined) where.push(gte(items.referencePriceFen, filter.priceMinFen));
  if (filter.priceMaxFen !== undefined) where.push(lte(items.referencePriceFen, filter.priceMaxFen));
  const condition = where.length ? and(...where) : undefined;
  const query = ex.select().from(items).where(condition).orderBy(asc(items.name), asc(items.id));
  return selectPage(ex, { query, from: items, where: condition }, page, pageSize);
}

/** Locks the items a price change writes, in id order (security.md: several rows in id order). */
export async function lockItemsForPricing(tx: Tx, itemIds: number[]): Promise<CatalogItemRow[]> {
  const sorted = [...new Set(itemIds)].sort((a, b) => a - b);
  const locked: CatalogItemRow[] = [];
  for (let i = 0; i < sorted.length; i += 1_000) {
    const chunk = sorted.slice(i, i + 1_000);
    locked.push(...(await tx.select().from(items).where(inArray(items.id, chunk)).orderBy(asc(items.id)).for('update')));
  }
  return locked;
}

/** Writes new reference and recovery prices, 1,000 rows a statement (PostgreSQL's parameter limit). */
export async function setItemPrices(
  tx: Tx,
  prices: Array<{ itemId: number; referencePriceFen: number; recoveryPriceFen: number }>,
): Promise<number> {
  let written = 0;
  for (let i = 0; i < prices.length; i += 1_000) {
    const chunk = prices.slice(i, i + 1_000);
    const values = sql.join(
      chunk.map((p) => sql`(${p.itemId}::bigint, ${p.referencePriceFen}::bigint, ${p.recoveryPriceFen}::bigint)`),
      sql`, `,
    );
    const result = await tx.execute(
      sql`UPDATE items AS i SET reference_price_fen = v.ref, recovery_price_fen = v.rec
          FROM (VALUES ${values}) AS v(id, ref, rec) WHERE i.id = v.id RETURNING i.id`,
    );
    written += (result as unknown as { rows?: unknown[] }).rows?.length ?? 0;
  }
  return written;
}

/**
 * For each item, how many enabled boxes hold it in their current odds version, and how many distinct
 * boxes hold any of them: a price change moves those boxes' real return away from the declared one.
 */
export async function boxesHoldingItems(ex: Executor, itemIds: number[]) {
  const perItem = new Map<number, number>();
  if (itemIds.length === 0) return { perItem, distinct: 0 };
  const holding = and(eq(boxes.id, boxDrops.boxId), eq(boxes.currentVersion, boxDrops.version), eq(boxes.enabled, true));
  // One statement per 1,000 ids; the distinct count is the union of the chunks' box ids.
  const boxIds = new Set<number>();
  for (let i = 0; i < itemIds.length; i += 1_000) {
    const chunk = itemIds.slice(i, i + 1_000);
    const rows = await ex
      .select({ itemId: boxDrops.itemId, boxId: boxes.id })
      .from(boxDrops)
      .innerJoin(boxes, holding)
      .where(inArray(boxDrops.itemId, chunk))
      .groupBy(boxDrops.itemId, boxes.id);
    for (const r of rows) {
      perItem.set(r.itemId, (perItem.get(r.itemId) ?? 0) + 1);
      boxIds.add(r.boxId);
    }
  }
  return { perItem, distinct: boxIds.size };
}

/**
 * The boxes whose current odds hold any of the items, with their published expected return (a price change's
 * effect on their returns, decision 0061). With `lock` (a price change's transaction, after its items) the
 * rows are locked FOR NO KEY UPDATE in id order, so a box save or publish (lockBox, FOR UPDATE) and the
 * change take turns and each sees the other's prices and switch; an opening's key-share lock does not wait.
 * Disabled boxes are locked too: switching one on must see the new prices.
 */
export async function boxesHoldingItemsForReturn(ex: Executor, itemIds: number[], lock: boolean) {
  const ids = new Set<number>();
  const current = and(eq(boxes.id, boxDrops.boxId), eq(boxes.currentVersion, boxDrops.version));
  for (let i = 0; i < itemIds.length; i += 1_000) {
    const chunk = itemIds.slice(i, i + 1_000);
    const rows = await ex.selectDistinct({ id: boxes.id }).from(boxDrops).innerJoin(boxes, current).where(inArray(boxDrops.itemId, chunk));
    for (const r of rows) ids.add(r.id);
  }
  if (ids.size === 0) return [];
  // One statement over every box in id order, not one per chunk: two changes lock shared boxes in one order.
  const sorted = [...ids].sort((a, b) => a - b);
  const rows = await queryRows<Record<string, unknown>>(
    ex,
    sql`SELECT b.id, b.name, b.price_fen, b.enabled, v.expected_return_fen
        FROM boxes b JOIN box_versions v ON v.box_id = b.id AND v.version = b.current_version
        WHERE b.id IN (${sql.join(
          sorted.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY b.id ${lock ? sql`FOR NO KEY UPDATE OF b` : sql``}`,
  );
  return rows.map((r) => ({
    boxId: Number(r.id),
    name: String(r.name),
    priceFen: Number(r.price_fen),
    enabled: Boolean(r.enabled),
    expectedReturnFen: Number(r.expected_return_fen),
  }));
}
