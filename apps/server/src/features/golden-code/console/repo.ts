import { and, desc, eq, gt, gte, isNotNull, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { catalogBoxes, catalogItems } from '../../catalog/index.js';
import { goldenCodeRedemptions, goldenCodes } from '../tables.js';
import type { GoldenCodeRow } from '../repo.js';
import { selectPage } from '../../../platform/db/paging.js';

/**
 * What the operator console (issue 16 screen 8) reads and changes of Golden Codes. Creating one goes
 * through `createGoldenCode` (service.ts), the same call the CLI makes, so both apply the same rules.
 */

export type GoldenCodeListState = 'all' | 'live' | 'disabled' | 'expired' | 'usedUp';

/** One state per code, first match wins: disabled, expired, used up, live (by the database's clock). */
const stateWhere = (state: GoldenCodeListState): SQL | undefined => {
  const c = goldenCodes;
  if (state === 'disabled') return isNotNull(c.disabledAt);
  if (state === 'expired') return and(isNull(c.disabledAt), lte(c.expiresAt, sql`now()`));
  if (state === 'usedUp') return and(isNull(c.disabledAt), gt(c.expiresAt, sql`now()`), gte(c.usedCount, c.maxUses));
  if (state === 'live') return and(isNull(c.disabledAt), gt(c.expiresAt, sql`now()`), sql`${c.usedCount} < ${c.maxUses}`);
  return undefined;
};

export const goldenCodeState = (row: GoldenCodeRow, now = Date.now()) =>
  row.disabledAt
    ? ('disabled' as const)
    : row.expiresAt.getTime() <= now
      ? ('expired' as const)
      : row.usedCount >= row.maxUses
        ? ('usedUp' as const)
        : ('live' as const);

/** A code with the names of the item or box it gives (the console shows them beside the ids). */
const codeViews = (ex: Executor) =>
  ex
    .select({ code: goldenCodes, itemName: catalogItems.name, boxName: catalogBoxes.name })
    .from(goldenCodes)
    .leftJoin(catalogItems, eq(catalogItems.id, goldenCodes.itemId))
    .leftJoin(catalogBoxes, eq(catalogBoxes.id, goldenCodes.boxId));

export async function pageGoldenCodes(
  ex: Executor,
  q: { q?: string | undefined; state: GoldenCodeListState; rewardType: string; page: number; pageSize: number },
) {
  const where = and(
    // Letters and digits only (the contract checks), so nothing in `q` is a LIKE wildcard.
    q.q ? like(goldenCodes.code, `%${q.q}%`) : undefined,
    stateWhere(q.state),
    q.rewardType !== 'all' ? eq(goldenCodes.rewardType, q.rewardType as GoldenCodeRow['rewardType']) : undefined,
  );
  const query = codeViews(ex).where(where).orderBy(desc(goldenCodes.id));
  return selectPage(ex, { query, from: goldenCodes, where }, q.page, q.pageSize);
}

export async function findGoldenCodeById(ex: Executor, id: number) {
  const [row] = await codeViews(ex).where(eq(goldenCodes.id, id));
  return row ?? null;
}

/** The row, locked for a change by the console. */
export async function lockGoldenCode(tx: Tx, id: number): Promise<GoldenCodeRow | null> {
  const [row] = await tx.select().from(goldenCodes).where(eq(goldenCodes.id, id)).for('update');
  return row ?? null;
}

/** Disables (now) or enables a code; redemptions already made stay as they are. */
export async function setGoldenCodeDisabled(tx: Tx, id: number, disabled: boolean): Promise<GoldenCodeRow | null> {
  const [row] = await tx
    .update(goldenCodes)
    .set({ disabledAt: disabled ? sql`now()` : null })
    .where(and(eq(goldenCodes.id, id), disabled ? isNull(goldenCodes.disabledAt) : isNotNull(goldenCodes.disabledAt)))
    .returning();
  return row ?? null;
}

/** Who redeemed a code and when, newest first. */
export async function pageCodeRedemptions(ex: Executor, codeId: number, page: number, pageSize: number) {
  const where = eq(goldenCodeRedemptions.codeId, codeId);
  const query = ex.select().from(goldenCodeRedemptions).where(where).orderBy(desc(goldenCodeRedemptions.id));
  return selectPage(ex, { query, from: goldenCodeRedemptions, where }, page, pageSize);
}
