import type { Config } from '../../../config.js';
import type { Db } from '../../../platform/db/client.js';
import type { OutsideCallJobHandler } from '../../../platform/jobs/index.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { findChannel, findOrderById } from '../repo.js';
import { paymentProviderFor, type PaymentProvider, type RefundAnswer, type RefundRequest } from '../providers/index.js';
import type { PaymentChannel } from '../repo.js';
import { findRefundByNo, type DepositRefundRow } from './refund-repo.js';
import { recordRefundAnswer } from './refund-result.js';
import { DEPOSIT_REFUND_JOB, scheduleRefundCheck } from './refund-intent.js';

export { DEPOSIT_REFUND_JOB };

type ProviderConfig = Pick<Config, 'payments' | 'sandboxTools'>;

interface Pending {
  refund: DepositRefundRow;
  request: RefundRequest;
  provider: PaymentProvider;
  channel: PaymentChannel;
}

/** A pending refund with what asking about it needs; null when it is settled or its provider is gone. */
async function pendingRefund(db: Db, config: ProviderConfig, refundNo: string): Promise<Pending | null> {
  const refund = await findRefundByNo(db, refundNo);
  const order = refund?.state === 0 ? await findOrderById(db, refund.orderId) : null;
  const channel = order ? await findChannel(db, order.channelId) : null;
  const provider = channel ? paymentProviderFor(config, channel.channelType) : null;
  if (!refund || !order || !channel || !provider) return null;
  const request: RefundRequest = {
    refundNo,
    orderNo: order.orderNo,
    providerTxnId: order.providerTxnId,
    refundMinor: refund.amountMinor,
    totalMinor: order.amountMinor,
    currency: order.currency,
    reason: refund.reason,
  };
  return { refund, request, provider, channel };
}

const unknown = (err: unknown): RefundAnswer => ({
  state: 'unknown',
  providerRefundId: null,
  detail: (err instanceof Error ? err.message : String(err)).slice(0, 200),
});

/**
 * Step 2 of the operator's refund: the provider is asked with no transaction open, and its answer recorded.
 * No answer (a timeout, an unsigned reply) is not a refusal: the refund stays pending and the check job asks.
 */
export async function sendRefund(db: Db, config: ProviderConfig, refundNo: string): Promise<DepositRefundRow | null> {
  const pending = await pendingRefund(db, config, refundNo);
  if (!pending) return findRefundByNo(db, refundNo);
  const answer = await pending.provider.refund(pending.request, pending.channel).catch(unknown);
  return recordRefundAnswer(db, refundNo, answer);
}

/** How long until the next look at a refund the provider is still processing: 1, 2, … minutes, then hourly. */
const nextCheckMs = (attempt: number) => Math.min(attempt, 60) * 60_000;
/** About eight days of checks; after that the refund stays pending and the console shows the provider's last word. */
const LAST_CHECK = 240;

/**
 * The check job (the crash net, and the follow-up of a refund still processing): it asks the provider what
 * became of the refund before anything else, and sends it again only when the provider never received it
 * (the same refund id, so even a lost answer cannot make two refunds). An unusable answer throws: the
 * runner tries again with back-off.
 */
export function refundCheckJob(config: ProviderConfig): OutsideCallJobHandler {
  return async (payload, { db }) => {
    const refundNo = String(payload.refundNo);
    const attempt = Number(payload.attempt ?? 1);
    const pending = await pendingRefund(db, config, refundNo);
    if (!pending) return;
    const { provider, request, channel } = pending;
    let answer = await provider.queryRefund(request, channel);
    if (answer.state === 'not_found') answer = await provider.refund(request, channel);
    if (answer.state === 'unknown' || answer.state === 'not_found')
      throw new Error(`${provider.name} refund ${refundNo}: no answer (${answer.detail})`);
    const recorded = await recordRefundAnswer(db, refundNo, answer);
    if (recorded?.state === 0 && attempt < LAST_CHECK)
      await runInTransaction(db, ({ tx }) => scheduleRefundCheck(tx, refundNo, attempt + 1, nextCheckMs(attempt)));
  };
}
