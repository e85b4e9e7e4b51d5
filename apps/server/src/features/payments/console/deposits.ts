import type { z } from 'zod';
import { toPage, type AdminDeposit, type DepositDetail, type depositListParams, type Page } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../platform/db/client.js';
import { toIso } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { audited, findOperator, type Actor } from '../../admin/index.js';
import { listOrderCallbacks } from '../callbacks.js';
import type { DepositOrder } from '../repo.js';
import { findOrderWithChannel, markOrderForReview, pageDepositOrders, type DepositOrderWithChannel } from './orders.js';

type Ctx = Pick<AppContext, 'db'>;

/** A day's start (UTC); `to` moves to the next day so the range includes the whole of it. */
function dayStart(value: string | undefined, nextDay: boolean): Date | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new AppError('PARAM_INVALID', `bad date ${value}`);
  if (nextDay) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

async function operatorNames(ex: Executor, ids: (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = await Promise.all(unique.map((id) => findOperator(ex, id)));
  return new Map(rows.filter((r) => r !== undefined).map((r) => [r.id, r.name]));
}

function toDeposit({ order: o, channelName }: DepositOrderWithChannel, names: Map<number, string>): AdminDeposit {
  return {
    orderNo: o.orderNo,
    userId: o.userId,
    channelId: o.channelId,
    channelName,
    currency: o.currency,
    amountMinor: o.amountMinor,
    creditFen: o.creditFen,
    bonusFen: o.bonusFen,
    couponBonusFen: o.couponBonusFen,
    state: o.state,
    providerTxnId: o.providerTxnId,
    createdAt: toIso(o.createdAt),
    expiresAt: toIso(o.expiresAt),
    finishedAt: o.finishedAt ? toIso(o.finishedAt) : null,
    review: o.reviewAt
      ? {
          at: toIso(o.reviewAt),
          operatorId: o.reviewOperatorId,
          operatorName: o.reviewOperatorId === null ? null : (names.get(o.reviewOperatorId) ?? null),
          reason: o.reviewReason ?? '',
        }
      : null,
  };
}

export async function pageDeposits(ctx: Ctx, q: z.output<typeof depositListParams>): Promise<Page<AdminDeposit>> {
  const from = dayStart(q.from, false);
  const to = dayStart(q.to, true);
  const { rows, totalRows } = await pageDepositOrders(ctx.db, {
    q: q.q || undefined,
    state: q.state,
    from,
    to,
    markedOnly: q.review === 'marked',
    page: q.page,
    pageSize: q.pageSize,
  });
  const names = await operatorNames(
    ctx.db,
    rows.map((r) => r.order.reviewOperatorId),
  );
  return toPage(
    rows.map((r) => toDeposit(r, names)),
    q.page,
    q.pageSize,
    totalRows,
  );
}

export async function depositDetail(ctx: Ctx, orderNo: string): Promise<DepositDetail> {
  const row = await findOrderWithChannel(ctx.db, orderNo);
  if (!row) throw new AppError('ADMIN_DEPOSIT_NOT_FOUND', `order ${orderNo}`);
  const [names, callbacks] = await Promise.all([operatorNames(ctx.db, [row.order.reviewOperatorId]), listOrderCallbacks(ctx.db, orderNo)]);
  return {
    order: toDeposit(row, names),
    callbacks: callbacks.map((c) => ({
      id: c.id,
      receivedAt: toIso(c.receivedAt),
      rawBody: c.rawBody,
      timestamp: c.timestampHeader,
      outcome: c.outcome,
    })),
  };
}

const snapshot = (o: DepositOrder) => ({ state: o.state, reviewAt: o.reviewAt ? toIso(o.reviewAt) : null, reviewReason: o.reviewReason });

/**
 * Marks an order for review (a stuck or disputed payment): who, when and why, with one audit row. It
 * changes neither the order's state nor any balance: money moves only by a signed callback or, for a
 * correction, by a balance adjustment through the ledger.
 */
export async function markDepositForReview(ctx: Ctx, actor: Actor, orderNo: string, reason: string) {
  return runInTransaction(ctx.db, async ({ tx }) => {
    const marked = await markOrderForReview(tx, orderNo, { operatorId: actor.operatorId, reason });
    if (!marked) {
      const existing = await findOrderWithChannel(tx, orderNo);
      throw new AppError(existing ? 'ADMIN_DEPOSIT_MARKED' : 'ADMIN_DEPOSIT_NOT_FOUND', `order ${orderNo}`);
    }
    const before = { state: marked.state, reviewAt: null, reviewReason: null };
    await audited(tx, actor, 'deposit.markReview', { type: 'deposit', id: orderNo }, before, snapshot(marked));
    const names = await operatorNames(tx, [marked.reviewOperatorId]);
    const row = await findOrderWithChannel(tx, orderNo);
    return toDeposit(row!, names);
  });
}
