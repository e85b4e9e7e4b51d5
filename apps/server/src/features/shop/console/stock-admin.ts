import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { catalogItems as items } from '../../catalog/index.js';
import { shopStock } from '../tables.js';
import { likePattern } from '../../../platform/db/like.js';

/**
 * The shop's queries for the console's Items and prices screen (issue 16 screen 4): the stock lines with
 * disabled ones too, and the changes an operator makes. Buying still takes stock only with its own
 * conditional update (buy-statements.ts), so a quantity set here and a purchase never half-apply.
 */

export type ShopStockRow = typeof shopStock.$inferSelect;

export async function pageShopStockAdmin(
  ex: Executor,
  filter: { search?: string | undefined; enabled: number },
  page: number,
  pageSize: number,
) {
  const where: SQL[] = [];
  if (filter.search) {
    const asId = /^\d{1,15}$/.test(filter.search) ? Number(filter.search) : null;
    where.push(asId !== null ? eq(items.id, asId) : ilike(items.name, likePattern(filter.search)));
  }
  if (filter.enabled !== -1) where.push(eq(shopStock.enabled, filter.enabled === 1));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    ex
      .select({ stock: shopStock, item: items })
      .from(shopStock)
      .innerJoin(items, eq(items.id, shopStock.itemId))
      .where(condition)
      .orderBy(asc(shopStock.weight), asc(shopStock.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(shopStock).innerJoin(items, eq(items.id, shopStock.itemId)).where(condition),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

/** Item ids the shop lists (enabled or not): the catalogue's "in shop" filter. A few hundred at most. */
export async function shopItemIds(ex: Executor): Promise<number[]> {
  return (await ex.select({ itemId: shopStock.itemId }).from(shopStock)).map((r) => r.itemId);
}

export async function lockShopStock(tx: Tx, id: number): Promise<ShopStockRow | null> {
  const [row] = await tx.select().from(shopStock).where(eq(shopStock.id, id)).for('update');
  return row ?? null;
}

export async function updateShopStock(
  tx: Tx,
  id: number,
  values: Partial<Pick<ShopStockRow, 'stock' | 'enabled' | 'priceFen'>>,
): Promise<ShopStockRow> {
  const [row] = await tx.update(shopStock).set(values).where(eq(shopStock.id, id)).returning();
  return row!;
}

/** Adds a line; null when the item is already listed (one line per item: `shop_stock_item`). */
export async function addShopStock(
  tx: Tx,
  values: { itemId: number; priceFen: number; stock: number; enabled: boolean },
): Promise<ShopStockRow | null> {
  const [row] = await tx.insert(shopStock).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The shop lines of these items (one per item at most), without a lock: a preview's read. */
export async function shopLinesOfItems(ex: Executor, itemIds: number[]): Promise<ShopStockRow[]> {
  const lines: ShopStockRow[] = [];
  for (let i = 0; i < itemIds.length; i += 1_000) {
    lines.push(
      ...(await ex
        .select()
        .from(shopStock)
        .where(inArray(shopStock.itemId, itemIds.slice(i, i + 1_000)))),
    );
  }
  return lines;
}

/**
 * Locks the shop lines of these items for a price change, in id order, after the caller locked the items'
 * catalogue rows (decision 0051: items, then shop lines, the order every price change takes).
 */
export async function lockShopLinesOfItems(tx: Tx, itemIds: number[]): Promise<ShopStockRow[]> {
  const lines: ShopStockRow[] = [];
  for (let i = 0; i < itemIds.length; i += 1_000) {
    const chunk = itemIds.slice(i, i + 1_000);
    lines.push(...(await tx.select().from(shopStock).where(inArray(shopStock.itemId, chunk)).orderBy(asc(shopStock.id)).for('update')));
  }
  return lines;
}

/** One line without a lock: which item it sells, so a change can lock the item's row first. */
export async function findShopStock(ex: Executor, id: number): Promise<ShopStockRow | null> {
  const [row] = await ex.select().from(shopStock).where(eq(shopStock.id, id));
  return row ?? null;
}
