import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.js';
import { selectPage } from '../../platform/db/paging.js';
import { catalogBoxes, catalogItems } from '../catalog/index.js';
import { goldenCodeRedemptions, goldenCodes } from './tables.js';

export type GoldenCodeRow = typeof goldenCodes.$inferSelect;

/** Null when the code already exists (the unique index decides, not a prior SELECT). */
export async function insertGoldenCode(ex: Executor, values: typeof goldenCodes.$inferInsert): Promise<GoldenCodeRow | null> {
  const [row] = await ex.insert(goldenCodes).values(values).onConflictDoNothing({ target: goldenCodes.code }).returning();
  return row ?? null;
}

/**
 * Takes one use of a live code, or nothing. The row lock of this UPDATE serialises concurrent
 * redemptions of one code, and the WHERE re-checks `used_count < max_uses` after the wait, so exactly
 * `max_uses` of any number of concurrent redemptions succeed (security.md "Money and items").
 * The code is matched by equality on the unique index: the input is upper-cased before it gets here.
 */
export async function takeUse(tx: Tx, code: string): Promise<GoldenCodeRow | null> {
  const [row] = await tx
    .update(goldenCodes)
    .set({ usedCount: sql`${goldenCodes.usedCount} + 1` })
    .where(
      and(
        eq(goldenCodes.code, code),
        lt(goldenCodes.usedCount, goldenCodes.maxUses),
        gt(goldenCodes.expiresAt, sql`now()`),
        isNull(goldenCodes.disabledAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The code with whether it is still live by the database's clock (used only to explain a refusal); a code
 * an operator disabled is not live, so it answers like an unknown one.
 */
export async function findByCode(ex: Executor, code: string) {
  const [row] = await ex
    .select({
      code: goldenCodes,
      live: sql<boolean>`${goldenCodes.expiresAt} > now() AND ${goldenCodes.disabledAt} IS NULL`,
    })
    .from(goldenCodes)
    .where(eq(goldenCodes.code, code));
  return row ?? null;
}

export async function hasRedeemed(ex: Executor, code: string, userId: number): Promise<boolean> {
  const rows = await ex
    .select({ id: goldenCodeRedemptions.id })
    .from(goldenCodeRedemptions)
    .innerJoin(goldenCodes, eq(goldenCodes.id, goldenCodeRedemptions.codeId))
    .where(and(eq(goldenCodes.code, code), eq(goldenCodeRedemptions.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Null when this user already has a redemption of this code (the unique pair is the backstop). */
export async function insertRedemption(tx: Tx, codeId: number, userId: number) {
  const [row] = await tx.insert(goldenCodeRedemptions).values({ codeId, userId }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findBox(ex: Executor, boxId: number) {
  const [row] = await ex
    .select({ id: catalogBoxes.id, name: catalogBoxes.name, priceFen: catalogBoxes.priceFen })
    .from(catalogBoxes)
    .where(eq(catalogBoxes.id, boxId));
  return row ?? null;
}

export async function pageRedemptions(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = eq(goldenCodeRedemptions.userId, userId);
  const query = ex
    .select({
      redemption: goldenCodeRedemptions,
      code: goldenCodes,
      itemName: catalogItems.name,
      itemValueFen: catalogItems.recoveryPriceFen,
      boxName: catalogBoxes.name,
      boxPriceFen: catalogBoxes.priceFen,
    })
    .from(goldenCodeRedemptions)
    .innerJoin(goldenCodes, eq(goldenCodes.id, goldenCodeRedemptions.codeId))
    .leftJoin(catalogItems, eq(catalogItems.id, goldenCodes.itemId))
    .leftJoin(catalogBoxes, eq(catalogBoxes.id, goldenCodes.boxId))
    .where(where)
    .orderBy(desc(goldenCodeRedemptions.id));
  return selectPage(ex, { query, from: goldenCodeRedemptions, where }, page, pageSize);
}
