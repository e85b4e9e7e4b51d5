import type { Config } from '../../../config.js';
import type { JobHandler } from '../../../platform/jobs/index.js';
import { recordCallback } from '../callbacks.js';
import { findChannel, findOrderById } from '../repo.js';
import { applyCallbackIn } from '../service.js';
import { paymentProviderFor } from './index.js';
import { scheduleReconcile } from './reconcile-schedule.js';

/**
 * Reconciliation (issue 17): a pending order whose notification has not come is asked about at its
 * provider; a trade the provider reports paid is settled through the same path as a notification
 * (applyCallbackIn: amount and currency against our row, pending → paid once), so a notification that
 * arrives before, after or during it settles nothing twice. What the provider answered is kept beside the
 * raw callbacks (deposit_callbacks) for the operator console.
 */
export function reconcileJob(config: Pick<Config, 'payments' | 'sandboxTools'>): JobHandler {
  return async (payload, { tx }) => {
    const order = await findOrderById(tx, Number(payload.orderId));
    if (!order || order.state !== 0) return;
    const channel = await findChannel(tx, order.channelId);
    const provider = channel ? paymentProviderFor(config, channel.channelType) : null;
    // A provider switched off since: nothing to ask; the expiry job cancels the order.
    if (!channel || !provider || provider.name === 'sandbox') return;
    // A failure to ask (network, an unsigned answer) throws: the runner tries again with back-off.
    const queried = await provider.queryOrder(order.orderNo, channel);
    if (queried.state === 'unknown') throw new Error(`${provider.name} could not tell the state of ${order.orderNo}`);
    if (queried.state === 'paid') {
      if (!queried.providerTxnId || queried.amountMinor === null || queried.currency === null)
        throw new Error(`${provider.name} reported ${order.orderNo} paid without its transaction or amount`);
      let outcome: string;
      if (queried.amountMinor !== order.amountMinor || queried.currency !== order.currency) {
        // A paid trade whose amount or currency is not the order's: refused, kept for the operator.
        outcome = 'fail: reconcile AMOUNT_INVALID';
      } else {
        // Any failure inside rolls the whole settlement back with the job, which is tried again.
        const settled = await applyCallbackIn(tx, channel.id, {
          orderId: order.orderNo,
          providerTxnId: queried.providerTxnId,
          amount: queried.amountMinor,
          currency: queried.currency,
          status: 'paid',
        });
        outcome = settled === 'ok' ? 'success: reconciled' : 'success: already processed';
      }
      await recordCallback(tx, {
        channelId: channel.id,
        rawBody: JSON.stringify({ source: 'reconciliation', ...queried }),
        timestamp: null,
        outcome,
        orderNo: order.orderNo,
      });
      return;
    }
    if (queried.state === 'pending')
      await scheduleReconcile(tx, order, config.payments.reconcileAfterMinutes, Number(payload.attempt ?? 1) + 1);
    // closed: the provider will take no payment; the expiry job cancels the order and frees its coupon.
  };
}
