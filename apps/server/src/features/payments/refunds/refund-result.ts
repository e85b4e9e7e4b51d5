import { formatFen } from '@skinfair/contract';
import type { Db, Tx } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { credit, debit, getBalances } from '../../../platform/ledger/index.js';
import { audited } from '../../admin/index.js';
import { sendMessage } from '../../messages/index.js';
import { removeDepositExperience } from '../../vip/index.js';
import { removeRefundFromInviterTotals } from '../../promotion/index.js';
import { payHeldFirstDepositBonus } from '../first-deposit-bonus.js';
import { findOrderById, type DepositOrder } from '../repo.js';
import type { RefundAnswer } from '../providers/index.js';
import {
  finishRefund,
  findRefundByNo,
  listRefunds,
  lockOrderById,
  notePending,
  rebatePaid,
  setHeldBonus,
  type DepositRefundRow,
} from './refund-repo.js';
import { money } from './refund-intent.js';
import { shareOf } from './refund-rule.js';

const JOB_ACTOR = { operatorId: null, ip: null };

/**
 * The inviter's rebate goes back in the refund's share, as far as their rebate balance still holds it: the
 * inviter is no party to the refund, so what they spent is written off (kept on the row), not refused. Their
 * promotion totals lose the refunded recharge and the rebate taken back.
 */
async function takeBackRebate(tx: Tx, refund: DepositRefundRow): Promise<{ rebateFen: number; rebateUnrecoveredFen: number }> {
  const rebate = await rebatePaid(tx, refund.orderId);
  if (!rebate) return { rebateFen: 0, rebateUnrecoveredFen: 0 };
  const settled = (await listRefunds(tx, refund.orderId))
    .filter((r) => r.state === 1)
    .reduce((n, r) => n + r.rebateFen + r.rebateUnrecoveredFen, 0);
  const left = Math.max(0, rebate.fen - settled);
  const share = Math.min(left, shareOf(left, refund.amountMinor, refund.remainingBeforeMinor));
  const rebateFen = Math.min(share, (await getBalances(tx, rebate.inviterId)).secondaryFen);
  if (rebateFen > 0)
    await debit(tx, {
      userId: rebate.inviterId,
      kind: 'secondary',
      amountFen: rebateFen,
      to: 'promotions',
      code: 'promotion_rebate_clawback',
      refType: 'deposit_refund',
      refId: refund.id,
      idempotencyKey: `deposit-refund-rebate:${refund.id}`,
    });
  await removeRefundFromInviterTotals(tx, rebate.inviterId, refund.coinFen, rebateFen);
  return { rebateFen, rebateUnrecoveredFen: share - rebateFen };
}

async function succeeded(tx: Tx, order: DepositOrder, refund: DepositRefundRow, answer: RefundAnswer): Promise<DepositRefundRow | null> {
  const rebate = await takeBackRebate(tx, refund);
  const done = await finishRefund(tx, refund.id, {
    state: 1,
    providerRefundId: answer.providerRefundId,
    providerStatus: answer.detail,
    ...rebate,
  });
  if (!done) return null;
  await removeDepositExperience(tx, order.userId, refund.coinFen);
  const bonusText = refund.bonusFen > 0 ? `，其中充值奖励 ${formatFen(refund.bonusFen)}` : '';
  await sendMessage(tx, order.userId, {
    type: 'system',
    title: '充值退款成功',
    content: `您的充值订单 ${order.orderNo} 已退款 ${money(order.currency, refund.amountMinor)}，将原路退回您的付款账户。已扣回金币 ${formatFen(refund.coinFen + refund.bonusFen)}${bonusText}。`,
  });
  return done;
}

/** Refused or closed by the provider: nothing was refunded, so the coins and a held bonus come back. */
async function failed(tx: Tx, order: DepositOrder, refund: DepositRefundRow, answer: RefundAnswer): Promise<DepositRefundRow | null> {
  const done = await finishRefund(tx, refund.id, { state: 2, providerRefundId: answer.providerRefundId, providerStatus: answer.detail });
  if (!done) return null;
  const common = {
    userId: order.userId,
    kind: 'coin' as const,
    code: 'deposit_refund_reversal' as const,
    refType: 'deposit_refund',
    refId: refund.id,
  };
  if (refund.coinFen > 0)
    await credit(tx, {
      ...common,
      amountFen: refund.coinFen,
      from: 'payment_clearing',
      idempotencyKey: `deposit-refund-back:${refund.id}`,
    });
  if (refund.bonusFen > 0)
    await credit(tx, {
      ...common,
      amountFen: refund.bonusFen,
      from: 'promotions',
      idempotencyKey: `deposit-refund-bonus-back:${refund.id}`,
    });
  // A held bonus comes back only while it is still held (not paid or refused meanwhile); a verified player is paid it now.
  if (refund.heldBonusFen > 0 && order.bonusFen === 0) {
    await setHeldBonus(tx, order.id, order.bonusPendingFen + refund.heldBonusFen);
    await payHeldFirstDepositBonus(tx, order.userId);
  }
  await sendMessage(tx, order.userId, {
    type: 'system',
    title: '充值退款未成功',
    content: `充值订单 ${order.orderNo} 的退款 ${money(order.currency, refund.amountMinor)} 未能完成，已扣回的金币 ${formatFen(refund.coinFen + refund.bonusFen)} 已退回您的账户。`,
  });
  return done;
}

/**
 * Step 3 of a refund: the provider's answer, recorded against the refund as it is now (the operator's call
 * and the check job may both get an answer; the first one recorded wins, the other changes nothing). The
 * order row is locked first, as a new refund locks it, so a held bonus is never changed by two at once.
 */
export async function recordRefundAnswer(db: Db, refundNo: string, answer: RefundAnswer): Promise<DepositRefundRow | null> {
  return runInTransaction(db, async ({ tx }) => {
    const found = await findRefundByNo(tx, refundNo);
    if (!found) return null;
    await lockOrderById(tx, found.orderId);
    const refund = await findRefundByNo(tx, refundNo);
    const order = await findOrderById(tx, found.orderId);
    if (!refund || !order || refund.state !== 0) return refund;
    if (answer.state !== 'succeeded' && answer.state !== 'failed') {
      await notePending(tx, refund.id, answer.providerRefundId, answer.detail);
      return findRefundByNo(tx, refundNo);
    }
    const done = answer.state === 'succeeded' ? await succeeded(tx, order, refund, answer) : await failed(tx, order, refund, answer);
    if (done)
      await audited(
        tx,
        JOB_ACTOR,
        'deposit.refundResult',
        { type: 'deposit', id: order.orderNo },
        { refundNo, state: 0 },
        {
          refundNo,
          state: done.state,
          providerStatus: done.providerStatus,
          rebateFen: done.rebateFen,
          rebateUnrecoveredFen: done.rebateUnrecoveredFen,
        },
      );
    return done ?? refund;
  });
}
