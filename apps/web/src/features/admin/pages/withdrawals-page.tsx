import { useMemo, useState } from 'react';
import { formatFen, roleHasPermission, type AdminWithdrawal } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { useAdminMe } from '../api/session';
import { useWithdrawalAction, useWithdrawals, type WithdrawalFilters } from '../api/withdrawals';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { ReasonDialog } from '../components/reason-dialog';

const field = 'rounded border border-line bg-panel-2 px-2 py-1.5 text-sm text-white';
const small = 'rounded border border-line px-2 py-1 text-xs text-slate-200 hover:bg-panel-2 disabled:opacity-40';
const STATES = [0, 1, 2, 3, 4] as const;
export const withdrawalStateLabel = (state: number) => `admin.withdrawals.state.${state}` as AdminMessageId;

/** "3 h 20 min", "2 d 4 h": how long a withdrawal has waited (open) or took (finished). */
export function formatAge(seconds: number, t: ReturnType<typeof useAdminT>): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('admin.withdrawals.age.m', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('admin.withdrawals.age.hm', { h: hours, m: minutes % 60 });
  return t('admin.withdrawals.age.dh', { d: Math.floor(hours / 24), h: hours % 24 });
}

/** Issue 16 §5: the withdrawal queue with ages; approve (one step on), retry, or fail with the item returned. */
export default function WithdrawalsPage() {
  const t = useAdminT();
  const me = useAdminMe();
  const [filters, setFilters] = useState<WithdrawalFilters>({ state: 0, userId: '', olderThanMinutes: '', page: 1 });
  const list = useWithdrawals(filters);
  const action = useWithdrawalAction();
  const [failing, setFailing] = useState<AdminWithdrawal | null>(null);
  const canWrite = me.data ? roleHasPermission(me.data.role, 'withdrawals.write') : false;
  const run = (...args: Parameters<typeof action.mutate>) =>
    action.mutate(args[0], {
      onSuccess: () => {
        setFailing(null);
        void toast.success(t('admin.withdrawals.done'));
      },
      onError: (e) => void toast.error(e.message),
    });

  const columns = useMemo<Array<AdminColumn<AdminWithdrawal>>>(
    () => [
      { header: t('admin.withdrawals.col.id'), accessorKey: 'id' },
      {
        header: t('admin.withdrawals.col.player'),
        cell: ({ row }) => `${row.original.nickname ?? ''} (${row.original.userId})`,
      },
      { header: t('admin.withdrawals.col.item'), accessorKey: 'itemName' },
      { header: t('admin.withdrawals.col.value'), cell: ({ row }) => formatFen(row.original.recoveryPriceFen) },
      {
        header: t('admin.withdrawals.col.state'),
        cell: ({ row }) => (
          <span>
            {t(withdrawalStateLabel(row.original.state))}
            {row.original.remark ? <span className="block text-xs text-slate-400">{row.original.remark}</span> : null}
          </span>
        ),
      },
      { header: t('admin.withdrawals.col.age'), cell: ({ row }) => formatAge(row.original.ageSeconds, t) },
      { header: t('admin.withdrawals.col.attempts'), accessorKey: 'attempts' },
      {
        header: t('admin.withdrawals.col.created'),
        cell: ({ row }) => new Date(row.original.createdAt).toLocaleString(),
      },
      {
        header: t('admin.withdrawals.col.actions'),
        cell: ({ row }) =>
          canWrite && row.original.state < 3 ? (
            <div className="flex gap-2">
              <button
                type="button"
                className={small}
                onClick={() =>
                  window.confirm(t('admin.withdrawals.confirmApprove', { id: row.original.id })) &&
                  run({ kind: 'approve', id: row.original.id })
                }
              >
                {t('admin.withdrawals.approve')}
              </button>
              <button type="button" className={small} onClick={() => run({ kind: 'retry', id: row.original.id })}>
                {t('admin.withdrawals.retry')}
              </button>
              <button type="button" className={small} onClick={() => setFailing(row.original)}>
                {t('admin.withdrawals.fail')}
              </button>
            </div>
          ) : null,
      },
    ],
    // `run` only closes over the mutation and t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canWrite],
  );

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('admin.withdrawals.title')}</h1>
      <div className="flex flex-wrap gap-2">
        <select
          aria-label={t('admin.withdrawals.col.state')}
          className={field}
          value={filters.state}
          onChange={(e) => setFilters({ ...filters, state: Number(e.target.value), page: 1 })}
        >
          <option value={-1}>{t('admin.withdrawals.allStates')}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {t(withdrawalStateLabel(s))}
            </option>
          ))}
        </select>
        <input
          type="search"
          inputMode="numeric"
          aria-label={t('admin.withdrawals.userId')}
          placeholder={t('admin.withdrawals.userId')}
          className={field}
          value={filters.userId}
          onChange={(e) => setFilters({ ...filters, userId: e.target.value.replace(/\D/g, ''), page: 1 })}
        />
        <select
          aria-label={t('admin.withdrawals.olderThan')}
          className={field}
          value={filters.olderThanMinutes}
          onChange={(e) => setFilters({ ...filters, olderThanMinutes: e.target.value, page: 1 })}
        >
          <option value="">{t('admin.withdrawals.anyAge')}</option>
          <option value="60">{t('admin.withdrawals.olderThanH', { h: 1 })}</option>
          <option value="360">{t('admin.withdrawals.olderThanH', { h: 6 })}</option>
          <option value="1440">{t('admin.withdrawals.olderThanH', { h: 24 })}</option>
        </select>
      </div>
      <PagedTable
        query={list}
        caption={t('admin.withdrawals.title')}
        columns={columns}
        empty={t('admin.withdrawals.empty')}
        onPage={(page) => setFilters({ ...filters, page })}
        total={(n) => t('admin.withdrawals.total', { n })}
      />
      {failing ? (
        <ReasonDialog
          title={t('admin.withdrawals.failTitle', { id: failing.id })}
          confirmLabel={t('admin.withdrawals.fail')}
          busy={action.isPending}
          onClose={() => setFailing(null)}
          onConfirm={(reason) => run({ kind: 'fail', id: failing.id, reason })}
        >
          <p className="text-sm text-slate-300">
            {t('admin.withdrawals.failBody', { item: failing.itemName, player: failing.nickname ?? String(failing.userId) })}
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
