import { useMemo, useState } from 'react';
import { formatFen, roleHasPermission, type AdminDeposit, type DepositRefundQuote } from '@skinfair/contract';
import { useDepositsT, type DepositsMessageId } from '../i18n/deposits-messages';
import { useAdminMe } from '../api/session';
import { useDepositDetail, useDeposits, useMarkDepositReview, useRefundQuote } from '../api/deposits';
import { DepositRefundDialog, refundMoney } from '../components/deposit-refund-dialog';
import type { AdminColumn } from '../components/data-table';
import { ListView, useListPage } from '../components/list-view';
import { ReasonChange } from '../components/reason-dialog';
import { withAll } from '../components/select-options';
import { smallButtonClass } from '../components/styles';
import { when } from '../components/format';
import { ConsolePage } from '../components/console-page';
import { DetailList, Panel } from '../components/panel';
import { QueryState } from '../components/query-state';

const STATES = [0, 1, 2] as const;
const stateLabel = (state: number) => `deposits.state.${state}` as DepositsMessageId;
const paid = (d: AdminDeposit) => `${d.currency} ${formatFen(d.amountMinor)}`;

/** The refunds of one order, oldest first, with the provider's last word on each. */
function RefundList({ quote }: { quote: DepositRefundQuote }) {
  const t = useDepositsT();
  if (quote.refunds.length === 0) return null;
  return (
    <>
      <h3 className="font-semibold">{t('deposits.detail.refunds', { n: quote.refunds.length })}</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {quote.refunds.map((r) => (
          <li key={r.refundNo} className="break-all">
            {t('deposits.detail.refundRow', {
              at: when(r.createdAt),
              amount: refundMoney(quote.currency, r.amountMinor),
              coins: formatFen(r.coinFen + r.bonusFen),
              state: t(`deposits.refundState.${r.state}` as DepositsMessageId),
              status: r.providerStatus ? ` (${r.providerStatus})` : '',
              reason: r.reason,
            })}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The order and every signed callback the gateway sent for it, each body exactly as received. */
function DepositDetailPanel({
  orderNo,
  onClose,
  onMark,
  canRefund,
}: {
  orderNo: string;
  onClose: () => void;
  onMark: (() => void) | null;
  canRefund: boolean;
}) {
  const t = useDepositsT();
  const detail = useDepositDetail(orderNo);
  const quote = useRefundQuote(orderNo);
  const [refunding, setRefunding] = useState(false);
  if (detail.isError || !detail.data) return <QueryState query={detail} />;
  const { order, callbacks } = detail.data;
  return (
    <Panel
      title={t('deposits.detail.title', { orderNo })}
      closeLabel={t('deposits.detail.close')}
      onClose={onClose}
      actions={
        <>
          {onMark && !order.review ? (
            <button type="button" className={smallButtonClass} onClick={onMark}>
              {t('deposits.markReview')}
            </button>
          ) : null}
          {canRefund && order.state === 1 && quote.data ? (
            <button type="button" className={smallButtonClass} onClick={() => setRefunding(true)}>
              {t('deposits.refund')}
            </button>
          ) : null}
        </>
      }
    >
      <DetailList
        rows={[
          [t('deposits.col.player'), order.userId],
          [t('deposits.col.amount'), paid(order)],
          [t('deposits.col.credit'), formatFen(order.creditFen)],
          [t('deposits.detail.bonus'), formatFen(order.bonusFen + order.couponBonusFen)],
          [t('deposits.col.channel'), order.channelName],
          [t('deposits.col.state'), t(stateLabel(order.state))],
          [t('deposits.detail.txn'), <span className="break-all">{order.providerTxnId ?? '—'}</span>],
          [t('deposits.col.created'), when(order.createdAt)],
          [t('deposits.detail.expires'), when(order.expiresAt)],
          [t('deposits.col.finished'), when(order.finishedAt)],
        ]}
      />
      {order.review ? (
        <p className="rounded bg-amber-900/40 p-2 text-sm text-amber-200">
          {t('deposits.detail.review', {
            at: when(order.review.at),
            who: order.review.operatorName ?? String(order.review.operatorId ?? ''),
            reason: order.review.reason,
          })}
        </p>
      ) : null}
      {quote.data ? <RefundList quote={quote.data} /> : null}
      {refunding && quote.data ? <DepositRefundDialog quote={quote.data} onClose={() => setRefunding(false)} /> : null}
      <h3 className="font-semibold">{t('deposits.detail.callbacks', { n: callbacks.length })}</h3>
      {callbacks.length === 0 ? <p className="text-sm text-slate-400">{t('deposits.detail.noCallbacks')}</p> : null}
      {callbacks.map((c) => (
        <figure key={c.id} className="flex flex-col gap-1">
          <figcaption className="text-xs text-slate-400">
            {t('deposits.detail.callback', { at: when(c.receivedAt), ts: c.timestamp ?? '—', outcome: c.outcome })}
          </figcaption>
          <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-black/40 p-2 text-xs text-slate-200">{c.rawBody}</pre>
        </figure>
      ))}
    </Panel>
  );
}

/** Issue 16 §7: deposit orders and their callbacks, with the provider's raw callback; mark a stuck order for review. */
export default function DepositsPage() {
  const t = useDepositsT();
  const me = useAdminMe();
  const view = useListPage(useDeposits, { q: '', state: -1, from: '', to: '', review: 'all', page: 1 });
  const [open, setOpen] = useState<string | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  const mark = useMarkDepositReview();
  const canWrite = me.data ? roleHasPermission(me.data.role, 'deposits.write') : false;
  const canRefund = me.data ? roleHasPermission(me.data.role, 'deposits.refund') : false;

  const columns = useMemo<Array<AdminColumn<AdminDeposit>>>(
    () => [
      {
        header: t('deposits.col.orderNo'),
        cell: ({ row }) => (
          <span className="font-mono text-xs">
            {row.original.orderNo}
            {row.original.review ? <span className="ml-2 rounded bg-amber-700 px-1 text-white">{t('deposits.marked')}</span> : null}
          </span>
        ),
      },
      { header: t('deposits.col.player'), accessorKey: 'userId' },
      { header: t('deposits.col.amount'), cell: ({ row }) => paid(row.original) },
      { header: t('deposits.col.credit'), cell: ({ row }) => formatFen(row.original.creditFen) },
      { header: t('deposits.col.channel'), accessorKey: 'channelName' },
      { header: t('deposits.col.state'), cell: ({ row }) => t(stateLabel(row.original.state)) },
      { header: t('deposits.col.created'), cell: ({ row }) => when(row.original.createdAt) },
      { header: t('deposits.col.finished'), cell: ({ row }) => when(row.original.finishedAt) },
      {
        header: t('deposits.col.actions'),
        cell: ({ row }) => (
          <button type="button" className={smallButtonClass} onClick={() => setOpen(row.original.orderNo)}>
            {t('deposits.view')}
          </button>
        ),
      },
    ],
    [t],
  );

  return (
    <ConsolePage title={t('deposits.title')}>
      <ListView
        {...view}
        fields={[
          { search: 'q', label: t('deposits.search') },
          { select: 'state', label: t('deposits.state'), options: withAll(-1, t('deposits.allStates'), STATES, (s) => t(stateLabel(s))) },
          { date: 'from', label: t('deposits.from') },
          { date: 'to', label: t('deposits.to') },
          {
            select: 'review',
            label: t('deposits.review'),
            options: withAll('all', t('deposits.review.all'), ['marked'] as const, () => t('deposits.review.marked')),
          },
        ]}
        columns={columns}
        texts={{ caption: t('deposits.title'), empty: t('deposits.empty'), total: (n) => t('deposits.total', { n }) }}
      />
      {open ? (
        <DepositDetailPanel
          orderNo={open}
          onClose={() => setOpen(null)}
          onMark={canWrite ? () => setMarking(open) : null}
          canRefund={canRefund}
        />
      ) : null}
      {marking ? (
        <ReasonChange
          title={t('deposits.markTitle', { orderNo: marking })}
          confirmLabel={t('deposits.markReview')}
          change={mark}
          params={{ orderNo: marking }}
          done={t('deposits.markDone')}
          onClose={() => setMarking(null)}
        >
          <p className="text-sm text-slate-300">{t('deposits.markBody')}</p>
        </ReasonChange>
      ) : null}
    </ConsolePage>
  );
}
