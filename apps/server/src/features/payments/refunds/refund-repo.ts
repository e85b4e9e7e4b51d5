import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/client.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { depositOrders, depositRefunds } from '../tables.js';
import type { DepositOrder } from '../repo.js';

export type DepositRefundRow = typeof depositRefunds.$inferSelect;

/** The order, locked until the transaction ends: refunds of one deposit are judged one after another. */
export async function lockOrderByNo(ex: Executor, orderNo: string): Promise<DepositOrder | null> {
  const [row] = await ex.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo)).for('update');
  return row ?? null;
}

export async function lockOrderById(ex: Executor, id: number): Promise<void> {
  await ex.select({ id: depositOrders.id }).from(depositOrders).where(eq(depositOrders.id, id)).for('update');
}

export const listRefunds = (ex: Executor, orderId: number): Promise<DepositRefundRow[]> =>
  ex.select().from(depositRefunds).where(eq(depositRefunds.orderId, orderId)).orderBy(asc(depositRefunds.id));

export async function findRefundByNo(ex: Executor, refundNo: string): Promise<DepositRefundRow | null> {
  const [row] = await ex.select().from(depositRefunds).where(eq(depositRefunds.refundNo, refundNo));
  return row ?? null;
}

export async function insertRefund(ex: Executor, values: typeof depositRefunds.$inferInsert): Promise<DepositRefundRow> {
  const [row] = await ex.insert(depositRefunds).values(values).returning();
  return row!;
}

/** pending → succeeded or failed, once; null when it was no longer pending (another run recorded it). */
export async function finishRefund(
  ex: Executor,
  id: number,
  result: { state: 1 | 2; providerRefundId: string | null; providerStatus: string; rebateFen?: number; rebateUnrecoveredFen?: number },
): Promise<DepositRefundRow | null> {
  const [row] = await ex
    .update(depositRefunds)
    .set({ ...result, finishedAt: sql`now()` })
    .where(and(eq(depositRefunds.id, id), eq(depositRefunds.state, 0)))
    .returning();
  return row ?? null;
}

/** The provider's last word on a refund still pending (PROCESSING, ABNORMAL, an error), for the console. */
export async function notePending(ex: Executor, id: number, providerRefundId: string | null, providerStatus: string): Promise<void> {
  await ex
    .update(depositRefunds)
    .set({ providerStatus: providerStatus.slice(0, 200), ...(providerRefundId ? { providerRefundId } : {}) })
    .where(and(eq(depositRefunds.id, id), eq(depositRefunds.state, 0)));
}

export async function setHeldBonus(ex: Executor, orderId: number, fen: number): Promise<void> {
  await ex.update(depositOrders).set({ bonusPendingFen: fen }).where(eq(depositOrders.id, orderId));
}

/** The bonus coins a deposit paid its player (first-deposit, VIP recharge, recharge coupon), from the ledger. */
export async function bonusesPaidFen(ex: Executor, order: Pick<DepositOrder, 'id' | 'userId'>): Promise<number> {
  const [row] = await queryRows<{ fen: unknown }>(
    ex,
    sql`SELECT coalesce(sum(t.amount_fen), 0) AS fen FROM ledger_transfers t
        JOIN ledger_accounts a ON a.id = t.credit_account_id
        WHERE t.ref_type = 'deposit' AND t.ref_id = ${String(order.id)}
          AND t.code IN ('deposit_bonus', 'vip_recharge_bonus', 'recharge_coupon_bonus')
          AND a.owner_type = 'user' AND a.user_id = ${order.userId} AND a.kind = 'coin'`,
  );
  return toInt(row?.fen);
}

/** The inviter's rebate this deposit paid (promotion_rebate, to their rebate balance), if any. */
export async function rebatePaid(ex: Executor, orderId: number): Promise<{ inviterId: number; fen: number } | null> {
  const [row] = await queryRows<{ user_id: unknown; fen: unknown }>(
    ex,
    sql`SELECT a.user_id, t.amount_fen AS fen FROM ledger_transfers t
        JOIN ledger_accounts a ON a.id = t.credit_account_id
        WHERE t.ref_type = 'deposit' AND t.ref_id = ${String(orderId)} AND t.code = 'promotion_rebate'
          AND a.owner_type = 'user'`,
  );
  return row ? { inviterId: toInt(row.user_id), fen: toInt(row.fen) } : null;
}
