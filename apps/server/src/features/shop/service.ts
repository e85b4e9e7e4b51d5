import { toPage, type Page, type ShopItem } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { getBalances, spend } from '../../platform/ledger/index.js';
import { assertCanSpend } from '../users/index.js';
import { grantItems } from '../backpack/index.js';
import { applyCoupon } from '../vouchers/index.js';
import { findStock, insertPurchase, pagePurchases, pageStock, takeStock, type ShopFilter } from './repo.js';

export async function shopPage(ex: Executor, filter: ShopFilter, page: number, pageSize: number): Promise<Page<ShopItem>> {
  const { rows, totalRows } = await pageStock(ex, filter, page, pageSize);
  const data = rows.map(({ stock, item }) => ({
    id: stock.id,
    giftId: item.id,
    giftName: item.name,
    giftImage: item.image,
    grade: item.grade,
    category: item.shopFilter,
    price: stock.priceFen,
    stock: stock.stock,
  }));
  return toPage(data, page, pageSize, totalRows);
}

/** Buying spends coins then points, takes stock and puts the items in the backpack, in one transaction. */
export async function buy(ctx: Pick<AppContext, 'db'>, userId: number, stockId: number, quantity: number, couponId?: number) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    await assertCanSpend(tx, userId);
    const found = await findStock(tx, stockId);
    if (!found || !found.stock.enabled) throw new AppError('NOT_FOUND', `stock ${stockId}`);
    const listFen = found.stock.priceFen * quantity;
    const discountFen = couponId !== undefined ? await applyCoupon(tx, userId, couponId, 0, listFen) : 0;
    const amountFen = listFen - discountFen;
    if (amountFen > 0) await spend(tx, { userId, amountFen, to: 'revenue', code: 'shop_buy', refType: 'shop_stock', refId: stockId });
    if (!(await takeStock(tx, stockId, quantity))) throw new AppError('OUT_OF_STOCK');
    const purchase = await insertPurchase(tx, { userId, stockId, itemId: found.item.id, quantity, amountFen });
    const granted = await grantItems(
      tx,
      userId,
      Array.from({ length: quantity }, () => ({ itemId: found.item.id, recoveryPriceFen: found.item.recoveryPriceFen })),
      { sourceType: 'shop', sourceId: purchase.id },
    );
    const balances = await getBalances(tx, userId);
    return { voucherIds: granted.map((g) => g.id), amount: amountFen, balance: balances.coinFen, integral: balances.pointFen };
  });
}

export async function purchaseRecords(ex: Executor, userId: number, page: number, pageSize: number) {
  const { rows, totalRows } = await pagePurchases(ex, userId, page, pageSize);
  return toPage(
    rows.map(({ purchase, item }) => ({ id: purchase.id, giftName: item.name, quantity: purchase.quantity, amount: purchase.amountFen, createTime: toIso(purchase.createdAt) })),
    page,
    pageSize,
    totalRows,
  );
}
