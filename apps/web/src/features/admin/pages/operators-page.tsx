import { useMemo, useState, type FormEvent } from 'react';
import { adminRoles, roleHasPermission, type AdminRole, type Operator, type OperatorResetResult } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { roleLabel, useAdminT } from '../i18n/messages';
import { useAdminMe } from '../api/session';
import { useOperatorChange, useOperatorReset, useOperators, type OperatorFilters } from '../api/operators';
import { useAccountT } from '../i18n/account-messages';
import { OneTimePasswordDialog } from '../components/one-time-password-dialog';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { useListFilters } from '../components/use-list-filters';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar';
import { fieldClass, smallButtonClass } from '../components/styles';
import { when } from '../components/format';

/**
 * Issue 16 §11: operator accounts, roles, password and two-factor resets (issue 24 §10: each reset shows a
 * one-time password once); every change is audited on the server.
 */
export default function OperatorsPage() {
  const t = useAdminT();
  const at = useAccountT();
  const me = useAdminMe();
  const reset = useOperatorReset();
  const [shown, setShown] = useState<OperatorResetResult | null>(null);
  const { filters, set, setPage } = useListFilters<OperatorFilters>({ search: '', role: '', disabled: -1, page: 1 });
  const list = useOperators(filters);
  const change = useOperatorChange();
  const canWrite = me.data ? roleHasPermission(me.data.role, 'operators.write') : false;
  const run = (...args: Parameters<typeof change.mutate>) =>
    change.mutate(args[0], {
      onSuccess: () => void toast.success(t('admin.operators.saved')),
      onError: (e) => void toast.error(e.message),
    });
  const resetOf = (kind: 'resetPassword' | 'resetTotp', operator: Operator) => {
    const question = kind === 'resetPassword' ? 'account.reset.confirmPassword' : 'account.reset.confirmTotp';
    if (!window.confirm(at(question, { name: operator.name }))) return;
    reset.mutate({ kind, id: operator.id }, { onSuccess: setShown, onError: (e) => void toast.error(e.message) });
  };

  const columns = useMemo<Array<AdminColumn<Operator>>>(
    () => [
      { header: t('admin.operators.col.id'), accessorKey: 'id' },
      { header: t('admin.operators.col.name'), accessorKey: 'name' },
      {
        header: t('admin.operators.col.role'),
        cell: ({ row }) =>
          canWrite ? (
            <select
              aria-label={t('admin.operators.roleOf', { name: row.original.name })}
              className={fieldClass}
              value={row.original.role}
              onChange={(e) => run({ kind: 'role', id: row.original.id, role: e.target.value as AdminRole })}
            >
              {adminRoles.map((role) => (
                <option key={role} value={role}>
                  {t(roleLabel(role))}
                </option>
              ))}
            </select>
          ) : (
            t(roleLabel(row.original.role))
          ),
      },
      {
        header: t('admin.operators.col.enrolled'),
        cell: ({ row }) => t(row.original.enrolled ? 'admin.operators.enrolled' : 'admin.operators.notEnrolled'),
      },
      {
        header: t('admin.operators.col.state'),
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-2">
            {t(row.original.disabled ? 'admin.operators.disabled' : 'admin.operators.active')}
            {row.original.mustChangePassword ? <span className="text-xs text-amber-300">{at('account.operators.mustChange')}</span> : null}
          </span>
        ),
      },
      {
        header: t('admin.operators.col.created'),
        cell: ({ row }) => when(row.original.createdAt),
      },
      {
        header: t('admin.operators.col.actions'),
        cell: ({ row }) =>
          canWrite ? (
            <div className="flex gap-2">
              <button
                type="button"
                className={smallButtonClass}
                onClick={() => run({ kind: 'disabled', id: row.original.id, disabled: !row.original.disabled })}
              >
                {t(row.original.disabled ? 'admin.operators.enable' : 'admin.operators.disable')}
              </button>
              {/* One's own password is changed under My account; resets are for someone else (decision 0047). */}
              {row.original.id === me.data?.id ? null : (
                <>
                  <button type="button" className={smallButtonClass} onClick={() => resetOf('resetPassword', row.original)}>
                    {at('account.reset.password')}
                  </button>
                  <button
                    type="button"
                    className={smallButtonClass}
                    disabled={!row.original.enrolled}
                    onClick={() => resetOf('resetTotp', row.original)}
                  >
                    {t('admin.operators.resetTotp')}
                  </button>
                </>
              )}
            </div>
          ) : null,
      },
    ],
    // `run` and `resetOf` only close over the mutations and the catalogues.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, at, canWrite, me.data?.id],
  );

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('admin.operators.title')}</h1>
      <FilterBar>
        <SearchFilter label={t('admin.operators.search')} value={filters.search} maxLength={32} onChange={(search) => set({ search })} />
        <SelectFilter
          label={t('admin.operators.col.role')}
          value={filters.role}
          options={[
            { value: '' as AdminRole | '', label: t('admin.operators.allRoles') },
            ...adminRoles.map((role) => ({ value: role as AdminRole | '', label: t(roleLabel(role)) })),
          ]}
          onChange={(role) => set({ role })}
        />
        <SelectFilter
          label={t('admin.operators.col.state')}
          value={filters.disabled}
          options={[
            { value: -1, label: t('admin.operators.allStates') },
            { value: 0, label: t('admin.operators.active') },
            { value: 1, label: t('admin.operators.disabled') },
          ]}
          onChange={(disabled) => set({ disabled })}
        />
      </FilterBar>
      <PagedTable query={list} caption={t('admin.operators.title')} columns={columns} empty={t('admin.operators.empty')} onPage={setPage} />
      {shown ? <OneTimePasswordDialog reset={shown} onClose={() => setShown(null)} /> : null}
      {canWrite ? <CreateOperatorForm onCreate={(values) => change.mutateAsync({ kind: 'create', ...values })} /> : null}
    </section>
  );
}

function CreateOperatorForm({
  onCreate,
}: {
  onCreate: (values: { name: string; password: string; role: AdminRole }) => Promise<Operator>;
}) {
  const t = useAdminT();
  const at = useAccountT();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminRole>('support');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate({ name, password, role }).then(
      (created) => {
        toast.success(t('admin.operators.created', { name: created.name }));
        setName('');
        setPassword('');
      },
      (error: Error) => void toast.error(error.message),
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-lg border border-line p-4">
      <h2 className="font-bold">{t('admin.operators.create')}</h2>
      <p className="text-xs text-slate-400">{at('account.operators.initialHint')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          {t('admin.operators.col.name')}
          <input
            className={fieldClass}
            required
            minLength={3}
            maxLength={32}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('admin.operators.password')}
          <input
            className={fieldClass}
            type="password"
            required
            minLength={12}
            maxLength={64}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('admin.operators.col.role')}
          <select className={fieldClass} value={role} onChange={(e) => setRole(e.target.value as AdminRole)}>
            {adminRoles.map((r) => (
              <option key={r} value={r}>
                {t(roleLabel(r))}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-accent-orange px-4 py-1.5 text-sm font-medium text-black">
          {t('admin.operators.create')}
        </button>
      </div>
    </form>
  );
}
