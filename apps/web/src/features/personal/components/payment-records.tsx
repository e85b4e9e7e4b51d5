import { useState } from 'react';
import { formatFen } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
import { useMoney } from '../../../shared/ui/price';
import { usePaymentRecords } from '../api/get-payment-records';
import { rowClass } from './flow-records';
import { formatDateTime } from '../../../shared/format/beijing-time';

/** Spec §4 payment state: 0 processing, 1 completed, 2 cancelled. */
const states: Record<number, { label: MessageId; tone: string }> = {
  0: { label: 'payment.state.0', tone: 'text-accent-cyan' },
  1: { label: 'payment.state.1', tone: 'text-emerald-400' },
  2: { label: 'payment.state.2', tone: 'text-slate-400' },
};

/** 充值记录: order, channel, pay amount, credit and bonus, pay state. */
export function PaymentRecords() {
  const t = useT();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const query = usePaymentRecords(page);
  return (
    <ListState query={query} isEmpty={noRows} empty={t('empty.records')} failed={t('common.loadFailed')}>
      {(data) => (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col gap-2" data-testid="payment-records">
            {data.pageData.map((p) => {
              const state = states[p.state] ?? states[0]!;
              return (
                <li key={p.orderId} className={rowClass} data-testid="payment-row" data-state={p.state}>
                  <span className="font-medium text-white">
                    {p.currency} {formatFen(p.amount)}
                  </span>
                  <span className="text-slate-400">{p.channelName}</span>
                  <span className="text-slate-300">{t('payment.credit', { amount: money(p.creditAmount) })}</span>
                  {p.bonusAmount > 0 ? (
                    <span className="text-accent-purple">{t('payment.bonus', { amount: money(p.bonusAmount) })}</span>
                  ) : null}
                  <span className={`ms-auto font-semibold ${state.tone}`}>{t(state.label)}</span>
                  <span className="basis-full text-xs text-slate-500">
                    {t('bag.orderId', { id: p.orderId })} · {formatDateTime(p.createTime)}
                  </span>
                </li>
              );
            })}
          </ul>
          <Pager page={page} totalPages={data.totalPages} onPage={setPage} />
        </div>
      )}
    </ListState>
  );
}
