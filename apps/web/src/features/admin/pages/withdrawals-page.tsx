import { useMemo, useState } from 'react';
import { formatFen, roleHasPermission, type AdminWithdrawal } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { useAdminMe } from '../api/session';
import { useWithdrawalAction, useWithdrawals } from '../api/withdrawals';
import type { AdminColumn } from '../components/data-table';
import { ListView, useListPage } from '../components/list-view';
import { SelectFilter } from '../components/filter-bar';
import { withAll } from '../components/select-options';
import { ReasonDialog } from '../components/reason-dialog';
import { CompleteWithdrawalDialog } from '../components/withdrawals/complete-dialog';
import { WithdrawalRulesPanel } from '../components/withdrawals/withdrawal-rules';
import { useGuardT } from '../i18n/withdrawal-guard-messages';
import { when } from '../components/format';
import { ConsolePage } from '../components/console-page';
import { ActionButtons, confirmed } from '../components/action-buttons';

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

/** Fail a withdrawal (the item goes back) or reject it in review: either way with a reason. */
function RefuseDialog({
  kind,
  row,
  busy,
  onClose,
  onConfirm,
}: {
  kind: 'fail' | 'rejectReview';
  row: AdminWithdrawal;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const t = useAdminT();
  const g = useGuardT();
  const who = { item: row.itemName, player: row.nickname ?? String(row.userId) };
  const texts =
    kind === 'fail'
      ? {
          title: t('admin.withdrawals.failTitle', { id: row.id }),
          confirm: t('admin.withdrawals.fail'),
          body: t('admin.withdrawals.failBody', who),
        }
      : {
          title: g('guard.review.rejectTitle', { id: row.id }),
          confirm: g('guard.review.reject'),
          body: g('guard.review.rejectBody', who),
        };
  return (
    <ReasonDialog title={texts.title} confirmLabel={texts.confirm} busy={busy} onClose={onClose} onConfirm={onConfirm}>
      <p className="text-sm text-slate-300">{texts.body}</p>
    </ReasonDialog>
  );
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
  const view = useListPage(useWithdrawals, {
    state: 0,
    userId: '',
    olderThanMinutes: '',
    awaitingReview: false,
    page: 1,
  });
  const action = useWithdrawalAction();
  // Failing a withdrawal and rejecting its review both ask for a reason.
  const [refusing, setRefusing] = useState<{ kind: 'fail' | 'rejectReview'; row: AdminWithdrawal } | null>(null);
  const [completing, setCompleting] = useState<AdminWithdrawal | null>(null);
  const canWrite = me.data ? roleHasPermission(me.data.role, 'withdrawals.write') : false;
  const canEditRules = me.data ? roleHasPermission(me.data.role, 'withdrawals.rules') : false;
  const run = (...args: Parameters<typeof action.mutate>) =>
    action.mutate(args[0], {
      onSuccess: () => {
        setRefusing(null);
        setCompleting(null);
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
        cell: ({ row: { original: w } }) =>
          canWrite && awaitsReview(w) ? (
            <ActionButtons
              actions={[
                {
                  label: g('guard.review.approve'),
                  onClick: confirmed(g('guard.review.confirmApprove', { id: w.id }), () => run({ kind: 'approveReview', id: w.id })),
                },
                { label: g('guard.review.reject'), onClick: () => setRefusing({ kind: 'rejectReview', row: w }) },
              ]}
            />
          ) : canWrite && w.state < 3 ? (
            <ActionButtons
              actions={[
                {
                  label: t('admin.withdrawals.approve'),
                  onClick: confirmed(t('admin.withdrawals.confirmApprove', { id: w.id }), () => run({ kind: 'approve', id: w.id })),
                },
                { label: t('admin.withdrawals.retry'), onClick: () => run({ kind: 'retry', id: w.id }) },
                { label: t('admin.withdrawals.complete'), onClick: () => setCompleting(w) },
                { label: t('admin.withdrawals.fail'), onClick: () => setRefusing({ kind: 'fail', row: w }) },
              ]}
            />
          ) : null,
      },
    ],
    // `run` only closes over the mutation and t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, g, canWrite],
  );

  return (
    <ConsolePage title={t('admin.withdrawals.title')}>
      <ListView
        {...view}
        fields={[
          {
            select: 'state',
            label: t('admin.withdrawals.col.state'),
            options: withAll(-1, t('admin.withdrawals.allStates'), STATES, (s) => t(withdrawalStateLabel(s))),
          },
          { search: 'userId', label: t('admin.withdrawals.userId'), numeric: true },
          {
            select: 'olderThanMinutes',
            label: t('admin.withdrawals.olderThan'),
            options: [
              { value: '', label: t('admin.withdrawals.anyAge') },
              ...[1, 6, 24].map((h) => ({ value: String(h * 60), label: t('admin.withdrawals.olderThanH', { h }) })),
            ],
          },
        ]}
        tools={
          <>
            {/* Two filters at once: the review queue is of pending withdrawals. */}
            <SelectFilter
              label={g('guard.review.filter')}
              value={view.filters.awaitingReview ? 'pending' : 'all'}
              options={[
                { value: 'all', label: g('guard.review.all') },
                { value: 'pending', label: g('guard.review.pending') },
              ]}
              onChange={(v) => view.set(v === 'pending' ? { awaitingReview: true, state: 0 } : { awaitingReview: false })}
            />
          </>
        }
        columns={columns}
        texts={{
          caption: t('admin.withdrawals.title'),
          empty: t('admin.withdrawals.empty'),
          total: (n) => t('admin.withdrawals.total', { n }),
        }}
      />
      {refusing ? (
        <RefuseDialog
          {...refusing}
          busy={action.isPending}
          onClose={() => setRefusing(null)}
          onConfirm={(reason) => run({ kind: refusing.kind, id: refusing.row.id, reason })}
        />
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
    </ConsolePage>
  );
}
