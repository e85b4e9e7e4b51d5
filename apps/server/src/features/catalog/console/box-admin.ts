import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { boxes, boxThemes, boxVersions, items } from '../tables.js';
import { selectPage } from '../../../platform/db/paging.js';
import { likePattern } from '../../../platform/db/like.js';

/**
 * The catalogue's queries for the operator console's Boxes screen (issue 16). The console reaches the
 * box tables only through these (and publishBoxVersion), so the catalogue stays the one owner of its rows.
 */

export interface AdminBoxFilter {
  search?: string | undefined;
  /** -1 all. */
  themeId: number;
  /** -1 all, 0 disabled, 1 enabled. */
  enabled: number;
}

const boxWithVersion = {
  box: boxes,
  themeName: boxThemes.name,
  oddsHash: boxVersions.oddsHash,
  expectedReturnFen: boxVersions.expectedReturnFen,
};
export type AdminBoxRow = {
  box: typeof boxes.$inferSelect;
  themeName: string | null;
  oddsHash: string;
  expectedReturnFen: number;
};

/** Boxes with their current version, for the console (disabled ones too), in the catalogue's order. */
export async function pageAdminBoxes(ex: Executor, filter: AdminBoxFilter, page: number, pageSize: number) {
  const where: SQL[] = [];
  if (filter.search) {
    const asId = /^\d{1,15}$/.test(filter.search) ? Number(filter.search) : null;
    where.push(asId !== null ? eq(boxes.id, asId) : ilike(boxes.name, likePattern(filter.search)));
  }
  if (filter.themeId !== -1) where.push(eq(boxes.themeId, filter.themeId));
  if (filter.enabled !== -1) where.push(eq(boxes.enabled, filter.enabled === 1));
  const condition = where.length ? and(...where) : undefined;
  const query = ex
    .select(boxWithVersion)
    .from(boxes)
    .innerJoin(boxVersions, and(eq(boxVersions.boxId, boxes.id), eq(boxVersions.version, boxes.currentVersion)))
    .leftJoin(boxThemes, eq(boxThemes.id, boxes.themeId))
    .where(condition)
    .orderBy(asc(boxes.weight), asc(boxes.id));
  const { rows, totalRows } = await selectPage(ex, { query, from: boxes, where: condition }, page, pageSize);
  return { rows: rows as AdminBoxRow[], totalRows };
}

export async function findAdminBox(ex: Executor, boxId: number): Promise<AdminBoxRow | null> {
  const [row] = await ex
    .select(boxWithVersion)
    .from(boxes)
    .innerJoin(boxVersions, and(eq(boxVersions.boxId, boxes.id), eq(boxVersions.version, boxes.currentVersion)))
    .leftJoin(boxThemes, eq(boxThemes.id, boxes.themeId))
    .where(eq(boxes.id, boxId));
  return (row as AdminBoxRow | undefined) ?? null;
}

/** Locks the box row for a change: two operators publishing at once take turns (versions stay 1, 2, 3…). */
export async function lockBox(tx: Tx, boxId: number) {
  const [row] = await tx.select().from(boxes).where(eq(boxes.id, boxId)).for('update');
  return row ?? null;
}

export type BoxSettings = Partial<
  Pick<typeof boxes.$inferInsert, 'name' | 'image' | 'themeId' | 'priceFen' | 'enabled' | 'battleEligible'>
>;

export async function updateBoxSettings(tx: Tx, boxId: number, settings: BoxSettings) {
  if (Object.keys(settings).length === 0) return;
  await tx.update(boxes).set(settings).where(eq(boxes.id, boxId));
}

export async function boxVersionList(ex: Executor, boxId: number) {
  return ex.select().from(boxVersions).where(eq(boxVersions.boxId, boxId)).orderBy(desc(boxVersions.version));
}

/** Themes with how many boxes each holds, in the home page's order. */
export async function themesWithCounts(ex: Executor) {
  return ex
    .select({ theme: boxThemes, boxCount: count(boxes.id) })
    .from(boxThemes)
    .leftJoin(boxes, eq(boxes.themeId, boxThemes.id))
    .groupBy(boxThemes.id)
    .orderBy(asc(boxThemes.weight), asc(boxThemes.id));
}

/** Theme ids are plain integers (the catalogue's seed numbers them): the next one, under a table lock. */
export async function createTheme(tx: Tx, values: { name: string; boxType: number; weight: number }) {
  await tx.execute(sql`lock table ${boxThemes} in share row exclusive mode`);
  const [row] = await tx
    .insert(boxThemes)
    .values({ ...values, id: sql`(select coalesce(max(${boxThemes.id}), 0) + 1 from ${boxThemes})` })
    .returning();
  return row!;
}

export async function updateTheme(tx: Tx, id: number, values: { name: string; boxType: number; weight: number }) {
  const [row] = await tx.update(boxThemes).set(values).where(eq(boxThemes.id, id)).returning();
  return row ?? null;
}

export async function findTheme(ex: Executor, themeId: number) {
  const [row] = await ex.select().from(boxThemes).where(eq(boxThemes.id, themeId));
  return row ?? null;
}

/** The catalogue's items by name or id, cheapest recovery first within a name: the drop list's picker. */
export async function searchItems(ex: Executor, search: string | undefined, page: number, pageSize: number) {
  const asId = search && /^\d{1,15}$/.test(search) ? Number(search) : null;
  const condition = !search ? undefined : asId !== null ? eq(items.id, asId) : ilike(items.name, likePattern(search));
  const query = ex.select().from(items).where(condition).orderBy(asc(items.name), asc(items.recoveryPriceFen), asc(items.id));
  return selectPage(ex, { query, from: items, where: condition }, page, pageSize);
}
