import { randomBytes } from 'node:crypto';
import { formatFen } from '@skinfair/contract';
import type { Config } from '../../../config.js';
import type { Db, Tx } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { AppError } from '../../../platform/errors.js';
import { enqueueJob } from '../../../platform/jobs/index.js';
import { debit } from '../../../platform/ledger/index.js';
import { audited, type Actor } from '../../admin/index.js';
import { insertRefund, lockOrderByNo, setHeldBonus, type DepositRefundRow } from './refund-repo.js';
import { refundPosition } from './refund-quote.js';
import { takeFor } from './refund-rule.js';

export const DEPOSIT_REFUND_JOB = 'deposit.refund';
/** The first look at a refund after the operator's call: it finds it settled, or it asks the provider. */
export const REFUND_CHECK_AFTER_MS = 60_000;

export async function scheduleRefundCheck(tx: Tx, refundNo: string, attempt: number, afterMs: number): Promise<void> {
  await enqueueJob(tx, {
    kind: DEPOSIT_REFUND_JOB,
    payload: { refundNo, attempt },
    runAt: new Date(Date.now() + afterMs),
    dedupeKey: `deposit-refund:${refundNo}:${attempt}`,
    // An unreadable answer or a network failure is retried with back-off inside one check (~10 h).
    maxAttempts: 20,
  });
}

export const money = (currency: string, minor: number) => (currency === 'CNY' ? `¥${formatFen(minor)}` : `${currency} ${formatFen(minor)}`);

/** Takes back the coins (the deposit's and its bonuses'); the ledger refuses what the balance cannot cover. */
async function takeCoins(tx: Tx, userId: number, refundId: number, take: { coinFen: number; bonusFen: number }): Promise<void> {
  const common = { userId, kind: 'coin' as const, refType: 'deposit_refund', refId: refundId };
  try {
    if (take.coinFen > 0)
      await debit(tx, {
        ...common,
        amountFen: take.coinFen,
        to: 'payment_clearing',
        code: 'deposit_refund',
        idempotencyKey: `deposit-refund:${refundId}`,
      });
    if (take.bonusFen > 0)
      await debit(tx, {
        ...common,
        amountFen: take.bonusFen,
        to: 'promotions',
        code: 'deposit_bonus_clawback',
        idempotencyKey: `deposit-refund-bonus:${refundId}`,
      });
  } catch (err) {
    // The player spent coins between the quote and this debit: the same refusal as the cap's.
    if (err instanceof AppError && err.code === 'INSUFFICIENT_BALANCE') throw new AppError('ADMIN_REFUND_BALANCE', `refund ${refundId}`);
    throw err;
  }
}

/**
 * Step 1 of a refund (decision 0058: record the intent, commit, then call): under the order's row lock, the
 * amount is checked against what is left and what the player holds, the refund row is written, the coins
 * are taken, a held bonus shrinks, the audit row and a check job (the crash net) are written, all in one
 * transaction. A second refund of the same deposit waits for this lock and sees this one counted.
 */
export async function beginRefund(
  db: Db,
  config: Pick<Config, 'payments' | 'sandboxTools'>,
  actor: Actor,
  input: { orderNo: string; amountMinor: number; reason: string },
): Promise<DepositRefundRow> {
  return runInTransaction(db, async ({ tx }) => {
    const order = await lockOrderByNo(tx, input.orderNo);
    if (!order) throw new AppError('ADMIN_DEPOSIT_NOT_FOUND', `order ${input.orderNo}`);
    const { basis, quote } = await refundPosition(tx, config, order);
    if (quote.limit === 'not_paid') throw new AppError('ADMIN_REFUND_NOT_PAID', `order ${order.orderNo} state ${order.state}`);
    if (quote.limit === 'channel_off') throw new AppError('ADMIN_REFUND_CHANNEL_OFF', `order ${order.orderNo} channel ${order.channelId}`);
    const remaining = order.amountMinor - basis.refundedMinor;
    const most = money(order.currency, quote.refundableMinor);
    if (input.amountMinor > remaining)
      throw new AppError('ADMIN_REFUND_TOO_MUCH', `order ${order.orderNo}: ${input.amountMinor} > ${remaining}`, {
        zh: `退款金额超过可退金额：本单最多还可退 ${most}`,
        en: `The amount is more than can be refunded: at most ${most} is left on this order`,
      });
    if (input.amountMinor > quote.refundableMinor)
      throw new AppError('ADMIN_REFUND_BALANCE', `order ${order.orderNo}: ${input.amountMinor} > ${quote.refundableMinor}`, {
        zh: `玩家金币余额 ${formatFen(quote.coinBalanceFen)} 不足以扣回本次退款：现在最多可退 ${most}`,
        en: `The player's ${formatFen(quote.coinBalanceFen)} coins do not cover this refund: at most ${most} can be refunded now`,
      });
    const take = takeFor(basis, input.amountMinor);
    const refund = await insertRefund(tx, {
      refundNo: `RF${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(8).toString('hex')}`,
      orderId: order.id,
      userId: order.userId,
      operatorId: actor.operatorId,
      amountMinor: input.amountMinor,
      remainingBeforeMinor: remaining,
      coinFen: take.coinFen,
      bonusFen: take.bonusFen,
      heldBonusFen: take.heldBonusFen,
      reason: input.reason,
    });
    await takeCoins(tx, order.userId, refund.id, take);
    if (take.heldBonusFen > 0) await setHeldBonus(tx, order.id, order.bonusPendingFen - take.heldBonusFen);
    const before = { refundedMinor: quote.refundedMinor, pendingMinor: quote.pendingMinor, coinBalanceFen: quote.coinBalanceFen };
    const after = { refundNo: refund.refundNo, amountMinor: refund.amountMinor, ...take, reason: input.reason };
    await audited(tx, actor, 'deposit.refund', { type: 'deposit', id: order.orderNo }, before, after);
    await scheduleRefundCheck(tx, refund.refundNo, 1, REFUND_CHECK_AFTER_MS);
    return refund;
  });
}
