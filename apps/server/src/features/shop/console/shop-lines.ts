import type { z } from 'zod';
import {
  shopPriceOf,
  toPage,
  type AdminShopStock,
  type Page,
  type adminShopAddParams,
  type adminShopListParams,
  type adminShopUpdateParams,
} from '@skinfair/contract';
import type { Db, Tx } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { assertShopCoversRecovery, itemsByIds, lockItemsForPricing, type CatalogItemRow } from '../../catalog/index.js';
import { addShopStock, findShopStock, lockShopStock, pageShopStockAdmin, updateShopStock, type ShopStockRow } from './stock-admin.js';
import { audited, type Actor } from '../../admin/index.js';

/**
 * The shop's stock on the Items and prices screen (issue 16 screen 4). A line's price may not go below its
 * item's recovery price (decision 0051): a change locks the item's row, then the line, as every price change
 * does, and checks the price it leaves in force.
 */

const toShopStock = (stock: ShopStockRow, item: CatalogItemRow): AdminShopStock => ({
  id: stock.id,
  itemId: item.id,
  name: item.name,
  image: item.image,
  referencePriceFen: item.referencePriceFen,
  recoveryPriceFen: item.recoveryPriceFen,
  priceFen: stock.priceFen,
  stock: stock.stock,
  enabled: stock.enabled,
});

export async function pageShop(db: Db, q: z.output<typeof adminShopListParams>): Promise<Page<AdminShopStock>> {
  const { rows, totalRows } = await pageShopStockAdmin(db, { search: q.search, enabled: q.enabled }, q.page, q.pageSize);
  return toPage(
    rows.map(({ stock, item }) => toShopStock(stock, item)),
    q.page,
    q.pageSize,
    totalRows,
  );
}

const stockView = (s: ShopStockRow) => ({ itemId: s.itemId, priceFen: s.priceFen, stock: s.stock, enabled: s.enabled });

async function shopLine(tx: Tx, stock: ShopStockRow) {
  const [item] = await itemsByIds(tx, [stock.itemId]);
  if (!item) throw new AppError('ADMIN_ITEM_NOT_FOUND', `item ${stock.itemId}`);
  return toShopStock(stock, item);
}

/**
 * Sets a line's quantity, price or switch; a field left out keeps its value. Audited. A new price, or a
 * line switched on, must be at least the item's recovery price; a quantity alone is never refused.
 */
export async function updateShop(db: Db, actor: Actor, params: z.output<typeof adminShopUpdateParams>) {
  return runInTransaction(db, async ({ tx }) => {
    const found = await findShopStock(tx, params.id);
    if (!found) throw new AppError('ADMIN_SHOP_STOCK_NOT_FOUND', `stock ${params.id}`);
    const [item] = await lockItemsForPricing(tx, [found.itemId]);
    const current = await lockShopStock(tx, params.id);
    if (!item || !current) throw new AppError('ADMIN_SHOP_STOCK_NOT_FOUND', `stock ${params.id}`);
    const values = {
      ...(params.stock !== undefined ? { stock: params.stock } : {}),
      ...(params.enabled !== undefined ? { enabled: params.enabled } : {}),
      ...(params.priceFen !== undefined ? { priceFen: params.priceFen } : {}),
    };
    if (Object.keys(values).length === 0) throw new AppError('PARAM_INVALID', 'nothing to change');
    if (params.priceFen !== undefined || params.enabled === true)
      assertShopCoversRecovery(params.priceFen ?? current.priceFen, item.recoveryPriceFen);
    const updated = await updateShopStock(tx, params.id, values);
    await audited(tx, actor, 'shop.update', { type: 'shop_stock', id: params.id }, stockView(current), stockView(updated));
    return shopLine(tx, updated);
  });
}

/** Lists an item in the shop (one line per item), priced at reference + 5 % unless a price is given. */
export async function addShop(db: Db, actor: Actor, params: z.output<typeof adminShopAddParams>) {
  return runInTransaction(db, async ({ tx }) => {
    const [item] = await lockItemsForPricing(tx, [params.itemId]);
    if (!item) throw new AppError('ADMIN_ITEM_NOT_FOUND', `item ${params.itemId}`);
    const priceFen = params.priceFen ?? shopPriceOf(item.referencePriceFen);
    assertShopCoversRecovery(priceFen, item.recoveryPriceFen);
    const added = await addShopStock(tx, { itemId: item.id, priceFen, stock: params.stock, enabled: params.enabled });
    if (!added) throw new AppError('ADMIN_SHOP_ITEM_LISTED', `item ${item.id}`);
    await audited(tx, actor, 'shop.add', { type: 'shop_stock', id: added.id }, null, stockView(added));
    return toShopStock(added, item);
  });
}
