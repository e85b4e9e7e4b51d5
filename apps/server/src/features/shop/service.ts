import { toPage, type Page, type ShopItem } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../platform/db/client.js';
import { toInt, toIso } from '../../platform/db/rows.js';
import { runRawTransaction } from '../../platform/db/tx.js';
import type { RawConnection } from '../../platform/db/raw.js';
import { assertMayPlay } from '../protection/index.js';
import { AppError } from '../../platform/errors.js';
import { splitSpend, spendParams, transfersExpected } from '../../platform/ledger/index.js';
import { applyCoupon } from '../vouchers/index.js';
import { pagePurchases, pageStock, type ShopFilter } from './repo.js';
import { LOCK_FOR_PURCHASE, PRICE_NOW, WRITE_PURCHASE, type LockedForPurchase, type WrittenPurchase } from './buy-statements.js';

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
/**
 * One purchase, one transaction in two statements (buy-statements.ts): the money, the stock, the purchase
 * row and the backpack items commit together or not at all.
 */
export async function buy(ctx: Pick<AppContext, 'db'>, userId: number, stockId: number, quantity: number, couponId?: number) {
  return runRawTransaction(ctx.db, async ({ conn }) => {
    const [locked] = await conn.query<LockedForPurchase>(LOCK_FOR_PURCHASE, [userId, stockId]);
    if (!locked || locked.status !== 'active') throw new AppError('ACCOUNT_DISABLED', `user ${userId}`);
    if (locked.minor) throw new AppError('SPENDING_BLOCKED', 'minor');
    if (locked.stock_id === null || !locked.enabled) throw new AppError('NOT_FOUND', `stock ${stockId}`);
    const listFen = toInt(locked.price_fen) * quantity;
    const discountFen = couponId !== undefined ? await applyCoupon(conn.drizzle(), userId, couponId, 0, listFen) : 0;
    const amountFen = listFen - discountFen;
    if (locked.protected) await assertMayPlay(conn.drizzle(), userId, amountFen);
    const split = splitSpend(locked, amountFen);
    const [written] = await conn.query<WrittenPurchase>(WRITE_PURCHASE, [
      userId,
      ...spendParams(locked, split, userId),
      String(stockId),
      stockId,
      quantity,
      locked.item_id,
      amountFen,
      locked.recovery_price_fen,
      locked.price_fen,
    ]);
    if (toInt(written?.taken) !== 1)
      throw new AppError((await priceMoved(conn, stockId, toInt(locked.price_fen))) ? 'SHOP_PRICE_CHANGED' : 'OUT_OF_STOCK');
    if (toInt(written?.transfers) !== transfersExpected(split)) throw new AppError('INSUFFICIENT_BALANCE', 'debit refused');
    const voucherIds = (written?.item_ids ?? []).map(toInt);
    if (voucherIds.length !== quantity) throw new AppError('INTERNAL', 'purchase rows');
    return { voucherIds, amount: amountFen, balance: split.coinBefore - split.coinFen, integral: split.pointBefore - split.pointFen };
  });
}

/** After a refused take: whether the line's price is no longer the one read (this statement sees it). */
async function priceMoved(conn: RawConnection, stockId: number, readFen: number) {
  const [row] = await conn.query<{ price_fen: unknown }>(PRICE_NOW, [stockId]);
  return row !== undefined && toInt(row.price_fen) !== readFen;
}

export async function purchaseRecords(ex: Executor, userId: number, page: number, pageSize: number) {
  const { rows, totalRows } = await pagePurchases(ex, userId, page, pageSize);
  return toPage(
    rows.map(({ purchase, item }) => ({
      id: purchase.id,
      giftName: item.name,
      quantity: purchase.quantity,
      amount: purchase.amountFen,
      createTime: toIso(purchase.createdAt),
    })),
    page,
    pageSize,
    totalRows,
  );
}
