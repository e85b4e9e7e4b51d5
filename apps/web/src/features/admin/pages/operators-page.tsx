import { useMemo, useState, type FormEvent } from 'react';
import { adminRoles, roleHasPermission, type AdminRole, type Operator, type OperatorResetResult } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { roleLabel, useAdminT } from '../i18n/messages';
import { useAdminMe } from '../api/session';
import { useOperatorChange, useOperatorReset, useOperators } from '../api/operators';
import { useAccountT } from '../i18n/account-messages';
import { OneTimePasswordDialog } from '../components/one-time-password-dialog';
import type { AdminColumn } from '../components/data-table';
import { ListView, useListPage } from '../components/list-view';
import { withAll } from '../components/select-options';
import { fieldClass } from '../components/styles';
import { when } from '../components/format';
import { LabelledInput, LabelledSelect } from '../components/labelled';
import { ConsolePage } from '../components/console-page';
import { ActionButtons } from '../components/action-buttons';

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
  const view = useListPage(useOperators, { search: '', role: '', disabled: -1, page: 1 });
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
              <RoleOptions />
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
            <ActionButtons
              actions={[
                {
                  label: t(row.original.disabled ? 'admin.operators.enable' : 'admin.operators.disable'),
                  onClick: () => run({ kind: 'disabled', id: row.original.id, disabled: !row.original.disabled }),
                },
                // One's own password is changed under My account; resets are for someone else (decision 0047).
                ...(row.original.id === me.data?.id
                  ? []
                  : [
                      { label: at('account.reset.password'), onClick: () => resetOf('resetPassword', row.original) },
                      {
                        label: t('admin.operators.resetTotp'),
                        onClick: () => resetOf('resetTotp', row.original),
                        disabled: !row.original.enrolled,
                      },
                    ]),
              ]}
            />
          ) : null,
      },
    ],
    // `run` and `resetOf` only close over the mutations and the catalogues.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, at, canWrite, me.data?.id],
  );

  return (
    <ConsolePage title={t('admin.operators.title')}>
      <ListView
        {...view}
        fields={[
          { search: 'search', label: t('admin.operators.search'), maxLength: 32 },
          {
            select: 'role',
            label: t('admin.operators.col.role'),
            options: withAll('', t('admin.operators.allRoles'), adminRoles, (r) => t(roleLabel(r))),
          },
          {
            select: 'disabled',
            label: t('admin.operators.col.state'),
            options: withAll(-1, t('admin.operators.allStates'), [0, 1], (d) =>
              t(d ? 'admin.operators.disabled' : 'admin.operators.active'),
            ),
          },
        ]}
        columns={columns}
        texts={{ caption: t('admin.operators.title'), empty: t('admin.operators.empty') }}
      />
      {shown ? <OneTimePasswordDialog reset={shown} onClose={() => setShown(null)} /> : null}
      {canWrite ? <CreateOperatorForm onCreate={(values) => change.mutateAsync({ kind: 'create', ...values })} /> : null}
    </ConsolePage>
  );
}

function RoleOptions() {
  const t = useAdminT();
  return adminRoles.map((role) => (
    <option key={role} value={role}>
      {t(roleLabel(role))}
    </option>
  ));
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
        <LabelledInput
          label={t('admin.operators.col.name')}
          required
          minLength={3}
          maxLength={32}
          autoComplete="off"
          value={name}
          onChange={setName}
        />
        <LabelledInput
          label={t('admin.operators.password')}
          type="password"
          required
          minLength={12}
          maxLength={64}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <LabelledSelect label={t('admin.operators.col.role')} value={role} onChange={(v) => setRole(v as AdminRole)}>
          <RoleOptions />
        </LabelledSelect>
        <button type="submit" className="rounded bg-accent-orange px-4 py-1.5 text-sm font-medium text-black">
          {t('admin.operators.create')}
        </button>
      </div>
    </form>
  );
}
