import { useMemo, useState } from 'react';
import { approvalStatuses, type ApprovalRequest, type ApprovalStatus } from '@skinfair/contract';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { toast } from '../../../../shared/ui/toast';
import { useLimitsT, type LimitsMessageId } from '../../i18n/limits-messages';
import { useApprovals, useApprove, useReject } from '../../api/limits';
import type { AdminColumn } from '../data-table';
import { PagedTable } from '../paged-table';
import { FilterBar, SelectFilter } from '../filter-bar';
import { ReasonChange } from '../reason-dialog';
import { smallButtonClass } from '../styles';
import { when } from '../format';
import { yuan } from '../format';
import { LimitsSection } from './limits-section';

/** What the requester submitted, as `key: value` pairs (amounts as the contract names them, in fen). */
function Details({ params }: { params: Record<string, unknown> }) {
  return (
    <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-300">
      {Object.entries(params).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-400">{k}</dt>
          <dd className="break-all">{Array.isArray(v) ? v.join(', ') : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Issue 24 §11: the requests for a second operator. Approve and reject show only where the server would allow
 * them (`canDecide`: pending, not the caller's own, the caller holds the action's permission); the server
 * checks each again.
 */
export function ApprovalsPanel() {
  const t = useLimitsT();
  const [status, setStatus] = useState<ApprovalStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const list = useApprovals(status, page);
  const approve = useApprove();
  const reject = useReject();
  const [approving, setApproving] = useState<ApprovalRequest | null>(null);
  const [rejecting, setRejecting] = useState<ApprovalRequest | null>(null);
  const kind = (r: ApprovalRequest) => t(`limits.kind.${r.kind}` as LimitsMessageId);

  const columns = useMemo<Array<AdminColumn<ApprovalRequest>>>(
    () => [
      { header: t('limits.col.id'), accessorKey: 'id' },
      { header: t('limits.col.kind'), cell: ({ row }) => kind(row.original) },
      { header: t('limits.col.value'), cell: ({ row }) => yuan(row.original.valueFen) },
      { header: t('limits.col.requester'), cell: ({ row }) => row.original.requestedBy.name },
      { header: t('limits.col.details'), cell: ({ row }) => <Details params={row.original.params} /> },
      { header: t('limits.col.requestedAt'), cell: ({ row }) => when(row.original.requestedAt) },
      {
        header: t('limits.col.decision'),
        cell: ({ row }) => {
          const r = row.original;
          return (
            <span>
              {t(`limits.status.${r.status}` as LimitsMessageId)}
              {r.status === 'pending' ? (
                <span className="block text-xs text-slate-400">
                  {t('limits.col.expiresAt')} {when(r.expiresAt)}
                </span>
              ) : null}
              {r.decidedBy ? (
                <span className="block text-xs text-slate-400">
                  {t('limits.decidedBy', { name: r.decidedBy.name, at: when(r.decidedAt) })}
                </span>
              ) : null}
              {r.decisionNote ? <span className="block text-xs text-slate-400">{r.decisionNote}</span> : null}
              {r.targetId ? <span className="block text-xs text-slate-400">{t('limits.target', { id: r.targetId })}</span> : null}
            </span>
          );
        },
      },
      {
        header: t('limits.col.actions'),
        cell: ({ row }) =>
          row.original.canDecide ? (
            <div className="flex gap-2">
              <button type="button" className={smallButtonClass} onClick={() => setApproving(row.original)}>
                {t('limits.approve')}
              </button>
              <button type="button" className={smallButtonClass} onClick={() => setRejecting(row.original)}>
                {t('limits.reject')}
              </button>
            </div>
          ) : row.original.status === 'pending' ? (
            <span className="text-xs text-slate-400">{t('limits.own')}</span>
          ) : null,
      },
    ],
    // `kind` only closes over t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );

  return (
    <LimitsSection id="approvals-title" title={t('limits.approvals.title')} intro={t('limits.approvals.body')}>
      <FilterBar>
        <SelectFilter
          label={t('limits.status')}
          value={status}
          options={[
            { value: 'all' as const, label: t('limits.status.all') },
            ...approvalStatuses.map((s) => ({ value: s, label: t(`limits.status.${s}` as LimitsMessageId) })),
          ]}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </FilterBar>
      <PagedTable
        query={list}
        columns={columns}
        onPage={setPage}
        texts={{
          caption: t('limits.approvals.title'),
          empty: t('limits.approvals.empty'),
          total: (n) => t('limits.approvals.total', { n }),
        }}
      />
      {approving ? (
        <ConfirmDialog
          title={t('limits.approveTitle', { id: approving.id })}
          confirmLabel={t('limits.approve')}
          busy={approve.isPending}
          onCancel={() => setApproving(null)}
          onConfirm={() =>
            approve.mutate(approving.id, {
              onSuccess: () => {
                setApproving(null);
                void toast.success(t('limits.approved'));
              },
              onError: (e) => void toast.error(e.message),
            })
          }
        >
          <p>
            {t('limits.approveBody', {
              name: approving.requestedBy.name,
              kind: kind(approving),
              value: yuan(approving.valueFen),
            })}
          </p>
          <Details params={approving.params} />
        </ConfirmDialog>
      ) : null}
      {rejecting ? (
        <ReasonChange
          title={t('limits.rejectTitle', { id: rejecting.id })}
          confirmLabel={t('limits.reject')}
          change={reject}
          params={{ id: rejecting.id }}
          done={t('limits.rejected')}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </LimitsSection>
  );
}
