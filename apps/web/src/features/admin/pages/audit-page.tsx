import { useMemo, useState, type FormEvent } from 'react';
import { auditActions, type AuditEntry } from '@skinfair/contract';
import { formatDateTime } from '../../../shared/format/beijing-time';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { auditActionLabel, auditTargetLabel, auditTargetLabels, useAuditLocale, useAuditT } from '../i18n/audit-messages';
import { useAudit, type AuditFilters } from '../api/audit';
import { AuditDetails } from '../components/audit-details';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { fieldClass } from '../components/styles';
import { ConsolePage } from '../components/console-page';

const empty: AuditFilters = {
  operatorId: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
  page: 1,
};

/** Issue 16: who did what, when, to what, before and after; filtered on the server, newest first. */
export default function AuditPage() {
  const t = useAdminT();
  const auditT = useAuditT();
  const locale = useAuditLocale();
  // The form edits a draft; "search" applies it (a query per keystroke would page through the log).
  const [draft, setDraft] = useState<AuditFilters>(empty);
  const [filters, setFilters] = useState<AuditFilters>(empty);
  const audit = useAudit(filters);

  const columns = useMemo<Array<AdminColumn<AuditEntry>>>(
    () => [
      {
        header: t('admin.audit.col.at'),
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.at)}</span>,
      },
      {
        header: t('admin.audit.col.operator'),
        cell: ({ row }) =>
          row.original.operatorName ? `${row.original.operatorName} (#${row.original.operatorId})` : t('admin.audit.cli'),
      },
      {
        header: t('admin.audit.col.action'),
        // The name the log stores stays findable: it is the tooltip and what the filter sends.
        cell: ({ row }) => (
          <span className="whitespace-nowrap" title={row.original.action} data-testid="audit-action">
            {auditActionLabel(locale, row.original.action)}
          </span>
        ),
      },
      {
        header: t('admin.audit.col.target'),
        cell: ({ row }) => `${auditTargetLabel(locale, row.original.targetType)} ${row.original.targetId ?? ''}`,
      },
      {
        header: t('admin.audit.col.change'),
        cell: ({ row }) => <AuditDetails before={row.original.before} after={row.original.after} />,
      },
      { header: t('admin.audit.col.ip'), accessorKey: 'ip' },
    ],
    [t, locale],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, page: 1 });
  };
  const text = (key: keyof Omit<AuditFilters, 'page'>, label: AdminMessageId, type = 'text') => (
    <label className="flex flex-col gap-1 text-xs text-slate-400">
      {t(label)}
      <input type={type} className={fieldClass} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </label>
  );

  return (
    <ConsolePage title={t('admin.audit.title')}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        {text('operatorId', 'admin.audit.operatorId')}
        {/* Every action the server writes, by its name in the operator's language; the value is the stored name. */}
        <label className="flex flex-col gap-1 text-xs text-slate-400">
          {t('admin.audit.action')}
          <select
            className={fieldClass}
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
            data-testid="audit-action-filter"
          >
            <option value="">{auditT('audit.allActions')}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(locale, action)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-400">
          {t('admin.audit.targetType')}
          <select className={fieldClass} value={draft.targetType} onChange={(e) => setDraft({ ...draft, targetType: e.target.value })}>
            <option value="">{auditT('audit.allTargets')}</option>
            {Object.keys(auditTargetLabels).map((type) => (
              <option key={type} value={type}>
                {auditTargetLabel(locale, type)}
              </option>
            ))}
          </select>
        </label>
        {text('targetId', 'admin.audit.targetId')}
        {text('from', 'admin.audit.from', 'date')}
        {text('to', 'admin.audit.to', 'date')}
        <button type="submit" className="rounded bg-accent-orange px-4 py-1.5 text-sm font-medium text-black">
          {t('admin.audit.search')}
        </button>
      </form>
      <PagedTable
        query={audit}
        columns={columns}
        onPage={(page) => setFilters({ ...filters, page })}
        texts={{ caption: t('admin.audit.title'), empty: t('admin.audit.empty'), total: (n) => t('admin.audit.total', { n }) }}
      />
    </ConsolePage>
  );
}
