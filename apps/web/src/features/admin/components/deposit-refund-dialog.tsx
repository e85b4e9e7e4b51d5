import { useState } from 'react';
import { formatFen, parseYuanToFen, type DepositRefundQuote } from '@skinfair/contract';
import { useDepositsT, type DepositsMessageId } from '../i18n/deposits-messages';
import { useRefundDeposit } from '../api/deposits';
import { LabelledInput } from './labelled';
import { ReasonDialog } from './reason-dialog';
import { toast } from '../../../shared/ui/toast';

export const refundMoney = (currency: string, minor: number) =>
  currency === 'CNY' ? `¥${formatFen(minor)}` : `${currency} ${formatFen(minor)}`;

/**
 * The refund's confirm step (issue 27 §3): how much can be refunded now and, when that is less than what is
 * left of the order, why (the player's coins, earlier refunds, the order's state or channel), what the
 * refund takes back, then the amount and a reason. The server decides again under the order's lock.
 */
export function DepositRefundDialog({ quote, onClose }: { quote: DepositRefundQuote; onClose: () => void }) {
  const t = useDepositsT();
  const refund = useRefundDeposit();
  const [amount, setAmount] = useState(formatFen(quote.refundableMinor));
  const amountMinor = parseYuanToFen(amount);
  const valid = amountMinor !== null && amountMinor > 0 && amountMinor <= quote.refundableMinor;
  const money = (minor: number) => refundMoney(quote.currency, minor);
  const left = quote.amountMinor - quote.refundedMinor - quote.pendingMinor;
  const confirm = (reason: string) => {
    if (!valid) return;
    refund.mutate(
      { orderNo: quote.orderNo, amountMinor, reason },
      {
        onSuccess: (result) => {
          onClose();
          const state = result.refund.state as 0 | 1 | 2;
          const say = t(`deposits.refund.done.${state}` as DepositsMessageId, { amount: money(result.refund.amountMinor) });
          void (state === 2 ? toast.error(say) : toast.success(say));
        },
        onError: (e: Error) => void toast.error(e.message),
      },
    );
  };
  return (
    <ReasonDialog
      title={t('deposits.refund.title', { orderNo: quote.orderNo })}
      confirmLabel={t('deposits.refund.confirm')}
      busy={refund.isPending}
      ready={valid}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p className="text-sm text-slate-200" data-testid="refundable">
        {t('deposits.refund.refundable', { amount: money(quote.refundableMinor), paid: money(quote.amountMinor) })}
      </p>
      {quote.limit !== 'none' ? (
        <p className="rounded bg-amber-900/40 p-2 text-sm text-amber-200" role="note">
          {t(`deposits.refund.limit.${quote.limit}` as DepositsMessageId, {
            left: money(left),
            balance: formatFen(quote.coinBalanceFen),
            refunded: money(quote.refundedMinor),
            pending: money(quote.pendingMinor),
          })}
        </p>
      ) : null}
      {quote.refundableMinor > 0 ? (
        <>
          <p className="text-xs text-slate-400">
            {t('deposits.refund.takes', {
              coins: formatFen(quote.takesCoinFen),
              bonus: formatFen(quote.takesBonusFen),
              held: formatFen(quote.takesHeldBonusFen),
            })}
          </p>
          <LabelledInput label={t('deposits.refund.amount')} inputMode="decimal" value={amount} onChange={setAmount} />
          <p className="text-xs text-slate-400">{t('deposits.refund.hint')}</p>
        </>
      ) : null}
    </ReasonDialog>
  );
}
