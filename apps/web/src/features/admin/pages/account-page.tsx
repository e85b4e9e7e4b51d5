import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OperatorSession } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { useAccountT } from '../i18n/account-messages';
import { useEndOwnSessions, useOwnSessions } from '../api/account';
import { adminToken } from '../api/admin-client';
import { adminKeys } from '../api/admin-keys';
import { ChangePasswordForm } from '../components/change-password-form';
import { DataTable, type AdminColumn } from '../components/data-table';
import { QueryState } from '../components/query-state';
import { buttonClass, smallButtonClass } from '../components/styles';
import { when } from '../components/format';
import { useConsoleTitle } from '../components/console-page';

/** Issue 24 §10: every operator's own password and live sessions (no permission needed: it is their own). */
export default function AccountPage() {
  const t = useAccountT();
  useConsoleTitle(t('account.title'));
  const sessions = useOwnSessions();
  const end = useEndOwnSessions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const columns = useMemo<Array<AdminColumn<OperatorSession>>>(() => {
    const endOne = (session: OperatorSession) =>
      end.mutate(session.id, {
        onSuccess: () => {
          if (!session.current) return void toast.success(t('account.sessions.ended', { n: 1 }));
          // This very session: a logout.
          adminToken.clear();
          queryClient.removeQueries({ queryKey: adminKeys.all });
          void navigate('/admin/login', { replace: true });
        },
        onError: (e) => void toast.error(e.message),
      });
    return [
      {
        header: t('account.sessions.col.created'),
        cell: ({ row }) => when(row.original.createdAt),
      },
      {
        header: t('account.sessions.col.lastSeen'),
        cell: ({ row }) => when(row.original.lastSeenAt),
      },
      { header: t('account.sessions.col.ip'), cell: ({ row }) => row.original.ip ?? '—' },
      {
        header: t('account.sessions.col.stage'),
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-2">
            {t(row.original.verified ? 'account.sessions.verified' : 'account.sessions.pending')}
            {row.original.current ? (
              <span className="rounded bg-panel-2 px-1.5 text-xs text-accent-orange">{t('account.sessions.current')}</span>
            ) : null}
          </span>
        ),
      },
      {
        header: t('account.sessions.col.actions'),
        cell: ({ row }) => (
          <button type="button" className={smallButtonClass} disabled={end.isPending} onClick={() => endOne(row.original)}>
            {t(row.original.current ? 'account.sessions.endCurrent' : 'account.sessions.end')}
          </button>
        ),
      },
    ];
    // `end`, `navigate` and the query client are stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t]);

  const endOthers = () => {
    if (!window.confirm(t('account.sessions.confirmEndOthers'))) return;
    end.mutate(undefined, {
      onSuccess: ({ ended }) => void toast.success(t('account.sessions.ended', { n: ended })),
      onError: (e) => void toast.error(e.message),
    });
  };

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.title')}</h1>
      <div className="flex flex-col gap-3 rounded-lg border border-line p-4">
        <h2 className="font-bold">{t('account.password.title')}</h2>
        <ChangePasswordForm onDone={(n) => void toast.success(t('account.password.done', { n }))} />
      </div>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-bold">{t('account.sessions.title')}</h2>
          <button type="button" className={buttonClass} disabled={others === 0 || end.isPending} onClick={endOthers}>
            {t('account.sessions.endOthers')}
          </button>
        </div>
        <p className="text-sm text-slate-400">{t('account.sessions.hint')}</p>
        {sessions.data ? (
          <DataTable columns={columns} data={sessions.data} caption={t('account.sessions.title')} empty={t('account.sessions.empty')} />
        ) : (
          <QueryState query={sessions} />
        )}
      </div>
    </section>
  );
}
