import type { Config } from '../../../config.js';
import type { Tx } from '../../../platform/db/client.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import type { OutsideCallJobHandler } from '../../../platform/jobs/index.js';
import { recordCallback } from '../callbacks.js';
import { findChannel, findOrderById } from '../repo.js';
import { applyCallbackIn } from '../service.js';
import { paymentProviderFor, type QueriedOrder } from './index.js';
import { scheduleReconcile } from './reconcile-schedule.js';

/**
 * Reconciliation (issue 17): a pending order whose notification has not come is asked about at its
 * provider; a trade the provider reports paid is settled through the same path as a notification
 * (applyCallbackIn: amount and currency against our row, pending → paid once), so a notification that
 * arrives before, after or during it settles nothing twice. What the provider answered is kept beside the
 * raw callbacks (deposit_callbacks) for the operator console.
 *
 * The question goes out with no transaction open (issue 26 §7): a slow provider holds no connection and no
 * lock. Asking is read-only, so a crash anywhere only asks again; the answer is settled in its own
 * transaction, against the order as it is then (a notification may have settled it meanwhile).
 */
export function reconcileJob(config: Pick<Config, 'payments' | 'sandboxTools'>): OutsideCallJobHandler {
  return async (payload, { db }) => {
    const orderId = Number(payload.orderId);
    const order = await findOrderById(db, orderId);
    if (!order || order.state !== 0) return;
    const channel = await findChannel(db, order.channelId);
    const provider = channel ? paymentProviderFor(config, channel.channelType) : null;
    // A provider switched off since: nothing to ask; the expiry job cancels the order.
    if (!channel || !provider || provider.name === 'sandbox') return;
    // A failure to ask (network, an unsigned answer) throws: the runner tries again with back-off.
    const queried = await provider.queryOrder(order.orderNo, channel);
    if (queried.state === 'unknown') throw new Error(`${provider.name} could not tell the state of ${order.orderNo}`);
    await runInTransaction(db, ({ tx }) =>
      recordAnswer(tx, config, orderId, channel.id, provider.name, queried, Number(payload.attempt ?? 1)),
    );
  };
}

/** The provider's answer, settled against the order as it is now. */
async function recordAnswer(
  tx: Tx,
  config: Pick<Config, 'payments'>,
  orderId: number,
  channelId: number,
  providerName: string,
  queried: QueriedOrder,
  attempt: number,
): Promise<void> {
  const order = await findOrderById(tx, orderId);
  if (!order) return;
  if (queried.state === 'paid') {
    if (!queried.providerTxnId || queried.amountMinor === null || queried.currency === null)
      throw new Error(`${providerName} reported ${order.orderNo} paid without its transaction or amount`);
    let outcome: string;
    if (queried.amountMinor !== order.amountMinor || queried.currency !== order.currency) {
      // A paid trade whose amount or currency is not the order's: refused, kept for the operator.
      outcome = 'fail: reconcile AMOUNT_INVALID';
    } else {
      // Any failure inside rolls the whole settlement back; the job asks again.
      const settled = await applyCallbackIn(tx, channelId, {
        orderId: order.orderNo,
        providerTxnId: queried.providerTxnId,
        amount: queried.amountMinor,
        currency: queried.currency,
        status: 'paid',
      });
      outcome = settled === 'ok' ? 'success: reconciled' : 'success: already processed';
    }
    await recordCallback(tx, {
      channelId,
      rawBody: JSON.stringify({ source: 'reconciliation', ...queried }),
      timestamp: null,
      outcome,
      orderNo: order.orderNo,
    });
    return;
  }
  if (queried.state === 'pending' && order.state === 0)
    await scheduleReconcile(tx, order, config.payments.reconcileAfterMinutes, attempt + 1);
  // closed: the provider will take no payment; the expiry job cancels the order and frees its coupon.
}
