import { useMemo, useState, type FormEvent } from 'react';
import { auditActions, type AuditEntry } from '@skinfair/contract';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { useAudit, type AuditFilters } from '../api/audit';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { fieldClass } from '../components/styles';

const empty: AuditFilters = {
  operatorId: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
  page: 1,
};

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

/** Issue 16: who did what, when, to what, before and after; filtered on the server, newest first. */
export default function AuditPage() {
  const t = useAdminT();
  // The form edits a draft; "search" applies it (a query per keystroke would page through the log).
  const [draft, setDraft] = useState<AuditFilters>(empty);
  const [filters, setFilters] = useState<AuditFilters>(empty);
  const audit = useAudit(filters);

  const columns = useMemo<Array<AdminColumn<AuditEntry>>>(
    () => [
      {
        header: t('admin.audit.col.at'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{new Date(row.original.at).toLocaleString()}</span>
        ),
      },
      {
        header: t('admin.audit.col.operator'),
        cell: ({ row }) =>
          row.original.operatorName
            ? `${row.original.operatorName} (#${row.original.operatorId})`
            : t('admin.audit.cli'),
      },
      { header: t('admin.audit.col.action'), accessorKey: 'action' },
      {
        header: t('admin.audit.col.target'),
        cell: ({ row }) => `${row.original.targetType} ${row.original.targetId ?? ''}`,
      },
      {
        header: t('admin.audit.col.change'),
        cell: ({ row }) => (
          <details>
            <summary className="cursor-pointer text-slate-400">{t('admin.audit.details')}</summary>
            <div className="mt-1 grid grid-cols-2 gap-2 text-xs">
              <pre className="overflow-x-auto rounded bg-panel-2 p-2">{json(row.original.before)}</pre>
              <pre className="overflow-x-auto rounded bg-panel-2 p-2">{json(row.original.after)}</pre>
            </div>
          </details>
        ),
      },
      { header: t('admin.audit.col.ip'), accessorKey: 'ip' },
    ],
    [t],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, page: 1 });
  };
  const text = (
    key: keyof Omit<AuditFilters, 'page'>,
    label: AdminMessageId,
    type = 'text',
    list?: string,
  ) => (
    <label className="flex flex-col gap-1 text-xs text-slate-400">
      {t(label)}
      <input
        type={type}
        list={list}
        className={fieldClass}
        value={draft[key]}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
    </label>
  );

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('admin.audit.title')}</h1>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        {text('operatorId', 'admin.audit.operatorId')}
        {text('action', 'admin.audit.action', 'text', 'audit-actions')}
        {/* Every name the server writes, offered as the operator types (any letter case matches). */}
        <datalist id="audit-actions">
          {auditActions.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        {text('targetType', 'admin.audit.targetType')}
        {text('targetId', 'admin.audit.targetId')}
        {text('from', 'admin.audit.from', 'date')}
        {text('to', 'admin.audit.to', 'date')}
        <button type="submit" className="rounded bg-accent-orange px-4 py-1.5 text-sm font-medium text-black">
          {t('admin.audit.search')}
        </button>
      </form>
      <PagedTable
        query={audit}
        caption={t('admin.audit.title')}
        columns={columns}
        empty={t('admin.audit.empty')}
        onPage={(page) => setFilters({ ...filters, page })}
        total={(n) => t('admin.audit.total', { n })}
      />
    </section>
  );
}
