import { useMemo, useState } from 'react';
import { formatFen, roleHasPermission, type AdminWithdrawal } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { useAdminMe } from '../api/session';
import { useWithdrawalAction, useWithdrawals, type WithdrawalFilters } from '../api/withdrawals';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { useListFilters } from '../components/use-list-filters';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar';
import { smallButtonClass } from '../components/styles';
import { ReasonDialog } from '../components/reason-dialog';
import { CompleteWithdrawalDialog } from '../components/withdrawals/complete-dialog';
import { WithdrawalRulesPanel } from '../components/withdrawals/withdrawal-rules';
import { useGuardT } from '../i18n/withdrawal-guard-messages';
import { when } from '../components/format';

const STATES = [0, 1, 2, 3, 4] as const;
/** Waiting for an operator's risk review (issue 24 §4): decided by approve or reject before anything else. */
const awaitsReview = (w: AdminWithdrawal) => w.state === 0 && w.reviewReason !== null && w.reviewedAt === null;
export const withdrawalStateLabel = (state: number) => `admin.withdrawals.state.${state}` as AdminMessageId;

/** "3 h 20 min", "2 d 4 h": how long a withdrawal has waited (open) or took (finished). */
export function formatAge(seconds: number, t: ReturnType<typeof useAdminT>): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('admin.withdrawals.age.m', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('admin.withdrawals.age.hm', { h: hours, m: minutes % 60 });
  return t('admin.withdrawals.age.dh', { d: Math.floor(hours / 24), h: hours % 24 });
}

/**
 * Issue 16 §5: the withdrawal queue with ages; approve (one step on), retry, fail with the item returned, or
 * complete with the Steam trade offer id an operator delivered it with (issue 17, manual mode). Issue 24 §4:
 * the risk-review queue (its reason shown, approve or reject) and the withdrawal guard's settings.
 */
export default function WithdrawalsPage() {
  const t = useAdminT();
  const g = useGuardT();
  const me = useAdminMe();
  const { filters, set, setPage } = useListFilters<WithdrawalFilters>({
    state: 0,
    userId: '',
    olderThanMinutes: '',
    awaitingReview: false,
    page: 1,
  });
  const list = useWithdrawals(filters);
  const action = useWithdrawalAction();
  const [failing, setFailing] = useState<AdminWithdrawal | null>(null);
  const [completing, setCompleting] = useState<AdminWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const canWrite = me.data ? roleHasPermission(me.data.role, 'withdrawals.write') : false;
  const canEditRules = me.data ? roleHasPermission(me.data.role, 'withdrawals.rules') : false;
  const run = (...args: Parameters<typeof action.mutate>) =>
    action.mutate(args[0], {
      onSuccess: () => {
        setFailing(null);
        setCompleting(null);
        setRejecting(null);
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
            {row.original.reviewReason ? (
              <span className={`block text-xs ${awaitsReview(row.original) ? 'text-accent-orange' : 'text-slate-400'}`}>
                {g('guard.review.reason', { reason: row.original.reviewReason })}
                {row.original.reviewedAt ? ` · ${g('guard.review.reviewed')}` : ''}
              </span>
            ) : null}
          </span>
        ),
      },
      { header: t('admin.withdrawals.col.offer'), cell: ({ row }) => row.original.tradeOfferId ?? '' },
      { header: t('admin.withdrawals.col.age'), cell: ({ row }) => formatAge(row.original.ageSeconds, t) },
      { header: t('admin.withdrawals.col.attempts'), accessorKey: 'attempts' },
      {
        header: t('admin.withdrawals.col.created'),
        cell: ({ row }) => when(row.original.createdAt),
      },
      {
        header: t('admin.withdrawals.col.actions'),
        cell: ({ row }) =>
          canWrite && awaitsReview(row.original) ? (
            <div className="flex gap-2">
              <button
                type="button"
                className={smallButtonClass}
                onClick={() =>
                  window.confirm(g('guard.review.confirmApprove', { id: row.original.id })) &&
                  run({ kind: 'approveReview', id: row.original.id })
                }
              >
                {g('guard.review.approve')}
              </button>
              <button type="button" className={smallButtonClass} onClick={() => setRejecting(row.original)}>
                {g('guard.review.reject')}
              </button>
            </div>
          ) : canWrite && row.original.state < 3 ? (
            <div className="flex gap-2">
              <button
                type="button"
                className={smallButtonClass}
                onClick={() =>
                  window.confirm(t('admin.withdrawals.confirmApprove', { id: row.original.id })) &&
                  run({ kind: 'approve', id: row.original.id })
                }
              >
                {t('admin.withdrawals.approve')}
              </button>
              <button type="button" className={smallButtonClass} onClick={() => run({ kind: 'retry', id: row.original.id })}>
                {t('admin.withdrawals.retry')}
              </button>
              <button type="button" className={smallButtonClass} onClick={() => setCompleting(row.original)}>
                {t('admin.withdrawals.complete')}
              </button>
              <button type="button" className={smallButtonClass} onClick={() => setFailing(row.original)}>
                {t('admin.withdrawals.fail')}
              </button>
            </div>
          ) : null,
      },
    ],
    // `run` only closes over the mutation and t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, g, canWrite],
  );

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('admin.withdrawals.title')}</h1>
      <FilterBar>
        <SelectFilter
          label={t('admin.withdrawals.col.state')}
          value={filters.state}
          options={[
            { value: -1, label: t('admin.withdrawals.allStates') },
            ...STATES.map((s) => ({ value: s, label: t(withdrawalStateLabel(s)) })),
          ]}
          onChange={(state) => set({ state })}
        />
        <SearchFilter label={t('admin.withdrawals.userId')} value={filters.userId} numeric onChange={(userId) => set({ userId })} />
        <SelectFilter
          label={t('admin.withdrawals.olderThan')}
          value={filters.olderThanMinutes}
          options={[
            { value: '', label: t('admin.withdrawals.anyAge') },
            ...[1, 6, 24].map((h) => ({ value: String(h * 60), label: t('admin.withdrawals.olderThanH', { h }) })),
          ]}
          onChange={(olderThanMinutes) => set({ olderThanMinutes })}
        />
        <SelectFilter
          label={g('guard.review.filter')}
          value={filters.awaitingReview ? 'pending' : 'all'}
          options={[
            { value: 'all', label: g('guard.review.all') },
            { value: 'pending', label: g('guard.review.pending') },
          ]}
          onChange={(v) => set(v === 'pending' ? { awaitingReview: true, state: 0 } : { awaitingReview: false })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption={t('admin.withdrawals.title')}
        columns={columns}
        empty={t('admin.withdrawals.empty')}
        onPage={setPage}
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
      {rejecting ? (
        <ReasonDialog
          title={g('guard.review.rejectTitle', { id: rejecting.id })}
          confirmLabel={g('guard.review.reject')}
          busy={action.isPending}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) => run({ kind: 'rejectReview', id: rejecting.id, reason })}
        >
          <p className="text-sm text-slate-300">
            {g('guard.review.rejectBody', { item: rejecting.itemName, player: rejecting.nickname ?? String(rejecting.userId) })}
          </p>
        </ReasonDialog>
      ) : null}
      {completing ? (
        <CompleteWithdrawalDialog
          withdrawal={completing}
          busy={action.isPending}
          onClose={() => setCompleting(null)}
          onConfirm={(tradeOfferId) => run({ kind: 'complete', id: completing.id, tradeOfferId })}
        />
      ) : null}
      <WithdrawalRulesPanel canEdit={canEditRules} />
    </section>
  );
}
