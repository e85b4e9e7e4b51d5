import type { DepositRefund, DepositRefundQuote } from '@skinfair/contract';
import type { Config } from '../../../config.js';
import type { Executor } from '../../../platform/db/client.js';
import { toIso } from '../../../platform/db/rows.js';
import { getBalances } from '../../../platform/ledger/index.js';
import { findChannel, type DepositOrder } from '../repo.js';
import { paymentProviderFor, type PaymentProvider } from '../providers/index.js';
import type { PaymentChannel } from '../repo.js';
import { bonusesPaidFen, listRefunds, type DepositRefundRow } from './refund-repo.js';
import { refundable, takeFor, type RefundBasis } from './refund-rule.js';

export const toRefund = (r: DepositRefundRow): DepositRefund => ({
  refundNo: r.refundNo,
  amountMinor: r.amountMinor,
  coinFen: r.coinFen,
  bonusFen: r.bonusFen,
  heldBonusFen: r.heldBonusFen,
  rebateFen: r.rebateFen,
  rebateUnrecoveredFen: r.rebateUnrecoveredFen,
  reason: r.reason,
  state: r.state,
  providerStatus: r.providerStatus,
  operatorId: r.operatorId,
  createdAt: toIso(r.createdAt),
  finishedAt: r.finishedAt ? toIso(r.finishedAt) : null,
});

export interface RefundPosition {
  basis: RefundBasis;
  refunds: DepositRefundRow[];
  channel: PaymentChannel | null;
  provider: PaymentProvider | null;
  quote: DepositRefundQuote;
}

const sum = (rows: DepositRefundRow[], pick: (r: DepositRefundRow) => number) => rows.reduce((n, r) => n + pick(r), 0);

/**
 * Where a deposit stands for a refund: what was refunded, what one more refund may be and why not more.
 * Read under the order's row lock when a refund is made; without it for the console's confirm dialog.
 */
export async function refundPosition(
  ex: Executor,
  config: Pick<Config, 'payments' | 'sandboxTools'>,
  order: DepositOrder,
): Promise<RefundPosition> {
  const refunds = await listRefunds(ex, order.id);
  const live = refunds.filter((r) => r.state !== 2);
  const basis: RefundBasis = {
    amountMinor: order.amountMinor,
    creditFen: order.creditFen,
    refundedMinor: sum(live, (r) => r.amountMinor),
    bonusPaidFen: await bonusesPaidFen(ex, order),
    bonusTakenFen: sum(live, (r) => r.bonusFen),
    heldBonusFen: order.bonusPendingFen,
    coinBalanceFen: (await getBalances(ex, order.userId)).coinFen,
  };
  const channel = await findChannel(ex, order.channelId);
  const provider = channel ? paymentProviderFor(config, channel.channelType) : null;
  const rule = refundable(basis);
  let refundableMinor = rule.refundableMinor;
  let limit: DepositRefundQuote['limit'] = rule.limit;
  // A deposit that was never paid has nothing to refund; a channel switched off has nobody to ask.
  if (order.state !== 1) [refundableMinor, limit] = [0, 'not_paid'];
  else if (!provider) [refundableMinor, limit] = [0, 'channel_off'];
  const takes = takeFor(basis, refundableMinor);
  return {
    basis,
    refunds,
    channel,
    provider,
    quote: {
      orderNo: order.orderNo,
      currency: order.currency,
      amountMinor: order.amountMinor,
      refundedMinor: sum(
        refunds.filter((r) => r.state === 1),
        (r) => r.amountMinor,
      ),
      pendingMinor: sum(
        refunds.filter((r) => r.state === 0),
        (r) => r.amountMinor,
      ),
      refundableMinor,
      limit,
      coinBalanceFen: basis.coinBalanceFen,
      takesCoinFen: takes.coinFen,
      takesBonusFen: takes.bonusFen,
      takesHeldBonusFen: takes.heldBonusFen,
      refunds: refunds.map(toRefund),
    },
  };
}
