import { useMemo, useState } from 'react';
import { formatFen, roleHasPermission, type AdminDeposit } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { useAdminT } from '../i18n/messages';
import { useDepositsT, type DepositsMessageId } from '../i18n/deposits-messages';
import { useAdminMe } from '../api/session';
import { useDepositDetail, useDeposits, useMarkDepositReview, type DepositFilters } from '../api/deposits';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { useListFilters } from '../components/use-list-filters';
import { ReasonDialog } from '../components/reason-dialog';
import { DateFilter, FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar';
import { smallButtonClass } from '../components/styles';
import { when } from '../components/format';

const STATES = [0, 1, 2] as const;
const stateLabel = (state: number) => `deposits.state.${state}` as DepositsMessageId;
const paid = (d: AdminDeposit) => `${d.currency} ${formatFen(d.amountMinor)}`;

/** The order and every signed callback the gateway sent for it, each body exactly as received. */
function DepositDetailPanel({ orderNo, onClose, onMark }: { orderNo: string; onClose: () => void; onMark: (() => void) | null }) {
  const t = useDepositsT();
  const at = useAdminT();
  const detail = useDepositDetail(orderNo);
  if (detail.isError)
    return (
      <p role="alert" className="text-red-400">
        {at('admin.loadFailed')}: {detail.error.message}
      </p>
    );
  if (!detail.data)
    return (
      <p role="status" className="text-slate-400">
        {at('admin.loading')}
      </p>
    );
  const { order, callbacks } = detail.data;
  return (
    <section aria-label={t('deposits.detail.title', { orderNo })} className="flex flex-col gap-3 rounded border border-line bg-panel p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{t('deposits.detail.title', { orderNo })}</h2>
        <div className="flex gap-2">
          {onMark && !order.review ? (
            <button type="button" className={smallButtonClass} onClick={onMark}>
              {t('deposits.markReview')}
            </button>
          ) : null}
          <button type="button" className={smallButtonClass} onClick={onClose}>
            {t('deposits.detail.close')}
          </button>
        </div>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-400">{t('deposits.col.player')}</dt>
        <dd>{order.userId}</dd>
        <dt className="text-slate-400">{t('deposits.col.amount')}</dt>
        <dd>{paid(order)}</dd>
        <dt className="text-slate-400">{t('deposits.col.credit')}</dt>
        <dd>{formatFen(order.creditFen)}</dd>
        <dt className="text-slate-400">{t('deposits.detail.bonus')}</dt>
        <dd>{formatFen(order.bonusFen + order.couponBonusFen)}</dd>
        <dt className="text-slate-400">{t('deposits.col.channel')}</dt>
        <dd>{order.channelName}</dd>
        <dt className="text-slate-400">{t('deposits.col.state')}</dt>
        <dd>{t(stateLabel(order.state))}</dd>
        <dt className="text-slate-400">{t('deposits.detail.txn')}</dt>
        <dd className="break-all">{order.providerTxnId ?? '—'}</dd>
        <dt className="text-slate-400">{t('deposits.col.created')}</dt>
        <dd>{when(order.createdAt)}</dd>
        <dt className="text-slate-400">{t('deposits.detail.expires')}</dt>
        <dd>{when(order.expiresAt)}</dd>
        <dt className="text-slate-400">{t('deposits.col.finished')}</dt>
        <dd>{when(order.finishedAt)}</dd>
      </dl>
      {order.review ? (
        <p className="rounded bg-amber-900/40 p-2 text-sm text-amber-200">
          {t('deposits.detail.review', {
            at: when(order.review.at),
            who: order.review.operatorName ?? String(order.review.operatorId ?? ''),
            reason: order.review.reason,
          })}
        </p>
      ) : null}
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
    </section>
  );
}

/** Issue 16 §7: deposit orders and their callbacks, with the provider's raw callback; mark a stuck order for review. */
export default function DepositsPage() {
  const t = useDepositsT();
  const me = useAdminMe();
  const { filters, set, setPage } = useListFilters<DepositFilters>({ q: '', state: -1, from: '', to: '', review: 'all', page: 1 });
  const [open, setOpen] = useState<string | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  const list = useDeposits(filters);
  const mark = useMarkDepositReview();
  const canWrite = me.data ? roleHasPermission(me.data.role, 'deposits.write') : false;

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
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('deposits.title')}</h1>
      <FilterBar>
        <SearchFilter label={t('deposits.search')} value={filters.q} onChange={(q) => set({ q })} />
        <SelectFilter
          label={t('deposits.state')}
          value={filters.state}
          options={[{ value: -1, label: t('deposits.allStates') }, ...STATES.map((s) => ({ value: s, label: t(stateLabel(s)) }))]}
          onChange={(state) => set({ state })}
        />
        <DateFilter label={t('deposits.from')} value={filters.from} onChange={(from) => set({ from })} />
        <DateFilter label={t('deposits.to')} value={filters.to} onChange={(to) => set({ to })} />
        <SelectFilter
          label={t('deposits.review')}
          value={filters.review}
          options={[
            { value: 'all' as const, label: t('deposits.review.all') },
            { value: 'marked' as const, label: t('deposits.review.marked') },
          ]}
          onChange={(review) => set({ review })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption={t('deposits.title')}
        columns={columns}
        empty={t('deposits.empty')}
        onPage={setPage}
        total={(n) => t('deposits.total', { n })}
      />
      {open ? <DepositDetailPanel orderNo={open} onClose={() => setOpen(null)} onMark={canWrite ? () => setMarking(open) : null} /> : null}
      {marking ? (
        <ReasonDialog
          title={t('deposits.markTitle', { orderNo: marking })}
          confirmLabel={t('deposits.markReview')}
          busy={mark.isPending}
          onClose={() => setMarking(null)}
          onConfirm={(reason) =>
            mark.mutate(
              { orderNo: marking, reason },
              {
                onSuccess: () => {
                  setMarking(null);
                  void toast.success(t('deposits.markDone'));
                },
                onError: (e) => void toast.error(e.message),
              },
            )
          }
        >
          <p className="text-sm text-slate-300">{t('deposits.markBody')}</p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
