import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { operators } from '../../admin/index.js';
import { itemPriceHistory, itemPriceImports } from '../price-tables.js';

/** The Items screen's own rows: price history and import previews. Every function takes the transaction. */

export type PriceHistoryRow = typeof itemPriceHistory.$inferInsert;
export type ImportRow = typeof itemPriceImports.$inferSelect;

/** Inserts history rows, 1,000 a statement (PostgreSQL's parameter limit). */
export async function insertPriceHistory(tx: Tx, rows: PriceHistoryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1_000) await tx.insert(itemPriceHistory).values(rows.slice(i, i + 1_000));
}

/** An item's price history, newest first, with the operator's login name. */
export async function priceHistoryOf(ex: Executor, itemId: number, limit: number) {
  return ex
    .select({ row: itemPriceHistory, operatorName: operators.name })
    .from(itemPriceHistory)
    .leftJoin(operators, eq(operators.id, itemPriceHistory.operatorId))
    .where(eq(itemPriceHistory.itemId, itemId))
    .orderBy(desc(itemPriceHistory.id))
    .limit(limit);
}

export async function insertImport(ex: Executor, row: typeof itemPriceImports.$inferInsert): Promise<void> {
  await ex.insert(itemPriceImports).values(row);
}

/** Locks a preview for apply: two applies of one preview take turns and the second finds it applied. */
export async function lockImport(tx: Tx, id: string): Promise<ImportRow | null> {
  const [row] = await tx.select().from(itemPriceImports).where(eq(itemPriceImports.id, id)).for('update');
  return row ?? null;
}

export async function markImportApplied(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(itemPriceImports)
    .set({ appliedAt: new Date() })
    .where(and(eq(itemPriceImports.id, id), isNull(itemPriceImports.appliedAt)))
    .returning({ id: itemPriceImports.id });
  return rows.length === 1;
}
