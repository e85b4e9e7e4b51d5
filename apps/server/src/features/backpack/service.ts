import { matchesBoxModule, toPage, type Ornament } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor, Tx } from '../../platform/db/client.js';
import { toInt, toIso } from '../../platform/db/rows.js';
import { runInTransaction, runRawTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { houseAccountId } from '../../platform/ledger/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { assertNoWithdrawalHold, assertTradeUrlOfOwnSteam, lockActiveUser } from '../users/index.js';
import { sendMessage } from '../messages/index.js';
import { itemsByIds } from '../catalog/index.js';
import {
  insertEvents,
  insertInventory,
  insertRetrievals,
  moveState,
  pageInventory,
  pageRetrievals,
  type InventoryRow,
  type RetrievalRow,
} from './repo.js';
import type { InventoryState } from './tables.js';
import { SWAP_ITEMS, type SwappedItems } from './swap-statements.js';
import { LOCK_ITEMS_FOR_SELL_BACK } from './sell-back.js';
import { REVIEW_REMARK, reviewReasonFor } from './withdrawal-review.js';

export const RETRIEVAL_JOB = 'retrieval.advance';
/** The first step of a withdrawal is taken a moment after the request, on the job scheduler. */
const FIRST_STEP_DELAY_MS = 2_000;

/** Items enter the backpack only here, with their recovery price frozen at that moment. */
export async function grantItems(
  tx: Tx,
  userId: number,
  grants: Array<{ itemId: number; recoveryPriceFen: number }>,
  source: { sourceType: string; sourceId: number | null },
): Promise<InventoryRow[]> {
  const rows = await insertInventory(
    tx,
    grants.map((g) => ({
      userId,
      itemId: g.itemId,
      recoveryPriceFen: g.recoveryPriceFen,
      sourceType: source.sourceType,
      sourceId: source.sourceId,
    })),
  );
  await insertEvents(
    tx,
    rows.map((r) => ({
      inventoryItemId: r.id,
      fromState: null,
      toState: 'in_backpack',
      reason: source.sourceType,
      refId: String(source.sourceId ?? ''),
    })),
  );
  return rows;
}

/** All or nothing: if any id is not the caller's item in the backpack, nothing moves. */
async function takeFromBackpack(tx: Tx, userId: number, ids: number[], to: InventoryState, reason: string): Promise<InventoryRow[]> {
  const unique = [...new Set(ids)];
  const moved = await moveState(tx, userId, unique, 'in_backpack', to);
  if (moved.length !== unique.length) throw new AppError('ITEM_NOT_AVAILABLE', `${moved.length}/${unique.length}`);
  await insertEvents(
    tx,
    moved.map((m) => ({ inventoryItemId: m.id, fromState: 'in_backpack', toState: to, reason })),
  );
  return moved;
}

/**
 * exchangeQuantity: swap items for coins at their sell-back value (their recovery price, at most what the
 * shop charges now: sell-back.ts), through the ledger: the items' catalogue rows locked, then one statement.
 */
export async function exchangeItems(ctx: Pick<AppContext, 'db'>, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  return runRawTransaction(ctx.db, async ({ conn }) => {
    await conn.query(LOCK_ITEMS_FOR_SELL_BACK, [userId, unique]);
    const [swapped] = await conn.query<SwappedItems>(SWAP_ITEMS, [userId, unique, houseAccountId('payouts', userId)]);
    if (toInt(swapped?.active) !== 1) throw new AppError('ACCOUNT_DISABLED', `user ${userId}`);
    if (toInt(swapped?.n) !== unique.length) throw new AppError('ITEM_NOT_AVAILABLE', `${toInt(swapped?.n)}/${unique.length}`);
    const amountFen = toInt(swapped?.fen);
    if (toInt(swapped?.paid) !== (amountFen > 0 ? 1 : 0)) throw new AppError('INTERNAL', 'swap payment');
    return { quantity: unique.length, amount: amountFen, balance: toInt(swapped?.balance) };
  });
}

/**
 * ornamentRetrieval: needs a trade link (the player's own Steam account's when one is bound) and no
 * withdrawal hold in force (issue 24 §2–3); each item becomes a retrieval the fulfilment job advances, or,
 * when the request needs a risk review (§4), one that waits for an operator with no job yet.
 */
export async function retrieveItems(ctx: Pick<AppContext, 'db'>, userId: number, ids: number[]) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    // One request of a player at a time: the day's count is exact, and a trade link change waits for it.
    const user = await lockActiveUser(tx, userId);
    if (!user.tradeUrl) throw new AppError('TRADE_URL_REQUIRED');
    assertTradeUrlOfOwnSteam(user, user.tradeUrl);
    await assertNoWithdrawalHold(tx, userId);
    const moved = await takeFromBackpack(tx, userId, ids, 'retrieving', 'retrieval');
    const reviewReason = await reviewReasonFor(tx, userId, moved);
    const created = await insertRetrievals(
      tx,
      moved.map((m) => ({
        userId,
        inventoryItemId: m.id,
        tradeUrl: user.tradeUrl!,
        state: 0,
        reviewReason,
        remark: reviewReason ? REVIEW_REMARK : null,
      })),
    );
    if (reviewReason) {
      await sendMessage(tx, userId, {
        type: 'retrieval',
        title: '饰品提取审核中',
        content: `您本次提取的 ${created.length} 件饰品需人工审核，审核通过后将自动发货；如未通过，饰品将退回您的背包。`,
      });
    }
    for (const r of reviewReason ? [] : created) {
      await enqueueJob(tx, {
        kind: RETRIEVAL_JOB,
        payload: { retrievalId: r.id },
        runAt: new Date(Date.now() + FIRST_STEP_DELAY_MS),
        dedupeKey: `retrieval:${r.id}:0`,
      });
    }
    const byItem = new Map(moved.map((m) => [m.id, m]));
    const catalogue = new Map((await itemsByIds(tx, [...new Set(moved.map((m) => m.itemId))])).map((i) => [i.id, i]));
    return created.map((r) => {
      const inv = byItem.get(r.inventoryItemId)!;
      return { r, inv, item: catalogue.get(inv.itemId)! };
    });
  });
}

/** `sellBackFen`: what the copy sells back for now (decision 0051); its frozen value when not given. */
export function toOrnament(
  inv: InventoryRow,
  item: { name: string; image: string | null; grade: number },
  sellBackFen = inv.recoveryPriceFen,
): Ornament {
  return {
    id: inv.id,
    giftId: inv.itemId,
    giftName: item.name,
    giftImage: item.image,
    grade: item.grade,
    recoveryPrice: sellBackFen,
    state: inv.state,
    sourceType: inv.sourceType,
    createTime: toIso(inv.createdAt),
  };
}

/** Every item here is a CS2 skin: module -1 (all) and 5 (CS2) list the backpack, any other module is empty. */
export async function ornamentPage(
  ex: Executor,
  userId: number,
  opts: { moduleId?: number; state: number; sort: number; page: number; pageSize: number },
) {
  if (!matchesBoxModule(opts.moduleId ?? -1)) return toPage([], opts.page, opts.pageSize, 0);
  const { rows, totalRows } = await pageInventory(ex, userId, opts);
  return toPage(
    rows.map(({ inv, item, sellBackFen }) => toOrnament(inv, item, sellBackFen)),
    opts.page,
    opts.pageSize,
    totalRows,
  );
}

/** A retrieval record with the spec's labels (§3): order, item, value, state, remark, times. */
export function toRetrieval(r: RetrievalRow, inv: InventoryRow, item: { name: string; image: string | null }) {
  return {
    orderId: r.id,
    ornamentId: inv.id,
    ornamentName: item.name,
    giftImage: item.image,
    recoveryPrice: inv.recoveryPriceFen,
    state: r.state,
    remark: r.remark,
    createTime: toIso(r.createdAt),
    updateTime: toIso(r.updatedAt),
  };
}

export async function retrievalPage(ex: Executor, userId: number, page: number, pageSize: number) {
  const { rows, totalRows } = await pageRetrievals(ex, userId, page, pageSize);
  return toPage(
    rows.map(({ r, inv, item }) => toRetrieval(r, inv, item)),
    page,
    pageSize,
    totalRows,
  );
}
