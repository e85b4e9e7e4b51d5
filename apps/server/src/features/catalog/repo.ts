import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { boxDrops, boxes, boxThemes, boxVersions, items } from './tables.js';
import { likePattern } from '../../platform/db/like.js';

export type ItemRow = typeof items.$inferSelect;
export type BoxRow = typeof boxes.$inferSelect;
export type BoxDropRow = typeof boxDrops.$inferSelect;

export async function countItems(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(items);
  return row?.n ?? 0;
}

/** Inserts variants that are missing and returns the ids of all of them, keyed "template:exterior:st". */
export async function upsertItems(ex: Executor, rows: Array<typeof items.$inferInsert>): Promise<Map<string, number>> {
  for (let i = 0; i < rows.length; i += 500)
    await ex
      .insert(items)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  const stored = await ex
    .select({ id: items.id, templateId: items.templateId, exterior: items.exterior, statTrak: items.statTrak })
    .from(items);
  return new Map(stored.map((r) => [variantKey(r.templateId, r.exterior, r.statTrak), r.id]));
}

export const variantKey = (templateId: number, exterior: string | null, statTrak: boolean) =>
  `${templateId}:${exterior ?? '-'}:${statTrak ? 'st' : ''}`;

export async function itemsByIds(ex: Executor, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return ex.select().from(items).where(inArray(items.id, ids));
}

export async function insertTheme(ex: Executor, values: typeof boxThemes.$inferInsert) {
  await ex.insert(boxThemes).values(values).onConflictDoNothing();
}

export async function insertBox(ex: Executor, values: typeof boxes.$inferInsert): Promise<BoxRow> {
  const [row] = await ex.insert(boxes).values(values).returning();
  return row!;
}

export async function insertVersion(
  ex: Executor,
  version: typeof boxVersions.$inferInsert,
  drops: Array<typeof boxDrops.$inferInsert>,
  priceFen: number,
) {
  await ex.insert(boxVersions).values(version);
  await ex.insert(boxDrops).values(drops);
  await ex.update(boxes).set({ currentVersion: version.version, priceFen }).where(eq(boxes.id, version.boxId));
}

export async function listThemes(ex: Executor) {
  return ex.select().from(boxThemes).orderBy(asc(boxThemes.weight), asc(boxThemes.id));
}

export async function listBoxesWithReturn(ex: Executor) {
  return ex
    .select({ box: boxes, expectedReturnFen: boxVersions.expectedReturnFen, oddsHash: boxVersions.oddsHash })
    .from(boxes)
    .innerJoin(boxVersions, and(eq(boxVersions.boxId, boxes.id), eq(boxVersions.version, boxes.currentVersion)))
    .orderBy(asc(boxes.weight), asc(boxes.id));
}

export async function findBox(ex: Executor, id: number) {
  const [row] = await ex
    .select({ box: boxes, expectedReturnFen: boxVersions.expectedReturnFen, oddsHash: boxVersions.oddsHash })
    .from(boxes)
    .innerJoin(boxVersions, and(eq(boxVersions.boxId, boxes.id), eq(boxVersions.version, boxes.currentVersion)))
    .where(eq(boxes.id, id))
    .limit(1);
  return row ?? null;
}

export async function dropsOf(ex: Executor, boxId: number, version: number) {
  return ex
    .select({ drop: boxDrops, item: items })
    .from(boxDrops)
    .innerJoin(items, eq(items.id, boxDrops.itemId))
    .where(and(eq(boxDrops.boxId, boxId), eq(boxDrops.version, version)))
    .orderBy(asc(boxDrops.position));
}

export async function versionOf(ex: Executor, boxId: number, version: number) {
  const [row] = await ex
    .select()
    .from(boxVersions)
    .where(and(eq(boxVersions.boxId, boxId), eq(boxVersions.version, version)));
  return row ?? null;
}

export const setBoxEnabled = (ex: Executor, boxId: number, enabled: boolean) =>
  ex.update(boxes).set({ enabled }).where(eq(boxes.id, boxId));

export const nextVersionNumber = async (ex: Executor, boxId: number) => {
  const [row] = await ex
    .select({ v: sql<number>`coalesce(max(${boxVersions.version}), 0)` })
    .from(boxVersions)
    .where(eq(boxVersions.boxId, boxId));
  return Number(row?.v ?? 0) + 1;
};

export interface SkinFilter {
  name?: string | undefined;
  category?: string | undefined;
  exterior?: string | undefined;
  grade?: number | undefined;
  priceMinFen?: number | undefined;
  priceMaxFen?: number | undefined;
  /** 0 price high → low, 1 price low → high, 2 name. */
  sort: number;
}

/** The catalogue page of /skin; prices compare the reference price, the one the page shows first. */
export async function pageSkins(ex: Executor, filter: SkinFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [];
  if (filter.name) conditions.push(ilike(items.name, likePattern(filter.name)));
  if (filter.category) conditions.push(eq(items.category, filter.category));
  if (filter.exterior) conditions.push(eq(items.exterior, filter.exterior));
  if (filter.grade !== undefined) conditions.push(eq(items.grade, filter.grade));
  if (filter.priceMinFen !== undefined) conditions.push(gte(items.referencePriceFen, filter.priceMinFen));
  if (filter.priceMaxFen !== undefined) conditions.push(lte(items.referencePriceFen, filter.priceMaxFen));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order =
    filter.sort === 1
      ? [asc(items.referencePriceFen), asc(items.id)]
      : filter.sort === 2
        ? [asc(items.name), asc(items.id)]
        : [desc(items.referencePriceFen), asc(items.id)];
  const query = ex
    .select()
    .from(items)
    .where(where)
    .orderBy(...order);
  return selectPage(ex, { query, from: items, where }, page, pageSize);
}

/** Enabled boxes whose current version holds the item, with the item's summed weight in each. */
export async function boxesHolding(ex: Executor, itemId: number) {
  return ex
    .select({ box: boxes, weight: sql<number>`sum(${boxDrops.weight})`.mapWith(Number) })
    .from(boxDrops)
    .innerJoin(boxes, and(eq(boxes.id, boxDrops.boxId), eq(boxes.currentVersion, boxDrops.version)))
    .where(and(eq(boxDrops.itemId, itemId), eq(boxes.enabled, true)))
    .groupBy(boxes.id)
    .orderBy(desc(sql`sum(${boxDrops.weight})`), asc(boxes.id));
}
