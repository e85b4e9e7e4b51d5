import { and, asc, count, desc, eq, gte, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { catalogItems as items } from '../catalog/index.js';
import { purchases, shopStock } from './tables.js';
import { selectPage } from '../../platform/db/paging.js';
import { likePattern } from '../../platform/db/like.js';

export async function insertShopStock(ex: Executor, values: typeof shopStock.$inferInsert) {
  await ex.insert(shopStock).values(values).onConflictDoNothing();
}

/**
 * Takes `quantity` of a stock line for an official giveaway room (decision 0028); null when there are not
 * that many left. The room holds those units until its draw, or gives them back with `restock`.
 */
export async function takeStock(ex: Executor, stockId: number, quantity: number): Promise<{ itemId: number } | null> {
  const [row] = await ex
    .update(shopStock)
    .set({ stock: sql`${shopStock.stock} - ${quantity}` })
    .where(and(eq(shopStock.id, stockId), gte(shopStock.stock, quantity)))
    .returning({ itemId: shopStock.itemId });
  return row ?? null;
}

export async function restock(ex: Executor, stockId: number, quantity: number): Promise<void> {
  await ex
    .update(shopStock)
    .set({ stock: sql`${shopStock.stock} + ${quantity}` })
    .where(eq(shopStock.id, stockId));
}

export interface ShopFilter {
  category?: string | undefined;
  name?: string | undefined;
  sort: number;
}

export async function pageStock(ex: Executor, filter: ShopFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [eq(shopStock.enabled, true)];
  if (filter.category) conditions.push(eq(items.shopFilter, filter.category));
  if (filter.name) conditions.push(ilike(items.name, likePattern(filter.name)));
  const where = and(...conditions);
  const order =
    filter.sort === 1
      ? [desc(shopStock.priceFen), asc(shopStock.id)]
      : filter.sort === 2
        ? [asc(shopStock.priceFen), asc(shopStock.id)]
        : [asc(shopStock.weight), asc(shopStock.id)];
  const [rows, [total]] = await Promise.all([
    ex
      .select({ stock: shopStock, item: items })
      .from(shopStock)
      .innerJoin(items, eq(items.id, shopStock.itemId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(shopStock).innerJoin(items, eq(items.id, shopStock.itemId)).where(where),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}

export async function pagePurchases(ex: Executor, userId: number, page: number, pageSize: number) {
  const where = eq(purchases.userId, userId);
  const query = ex
    .select({ purchase: purchases, item: items })
    .from(purchases)
    .innerJoin(items, eq(items.id, purchases.itemId))
    .where(where)
    .orderBy(desc(purchases.id));
  return selectPage(ex, { query, from: purchases, where }, page, pageSize);
}
