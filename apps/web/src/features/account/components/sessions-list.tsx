import { useIntl } from 'react-intl';
import { Spinner } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';

/** A short device name from the user agent: enough to recognise "my phone" vs "the office PC". */
export function describeAgent(agent: string | null): string {
  if (!agent) return '—';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Chrome\//.test(agent)
      ? 'Chrome'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Safari\//.test(agent)
          ? 'Safari'
          : '';
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return [browser, os].filter(Boolean).join(' · ') || agent.slice(0, 40);
}

/** "登录设备": the sessions of this account, each can be logged out except the current one. */
export function SessionsList() {
  const t = useT();
  const intl = useIntl();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  if (sessions.isPending) return <Spinner className="size-5 text-slate-400" />;
  const list = sessions.data ?? [];
  return (
    <ul className="flex flex-col gap-2" data-testid="sessions">
      {list.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center gap-3 rounded-lg bg-surface px-3 py-2 text-xs">
          <span className="font-medium text-white">{describeAgent(session.userAgent)}</span>
          <span className="text-slate-400">{session.ip ?? '—'}</span>
          <span className="text-slate-500">
            {t('account.lastSeen', { time: intl.formatDate(session.lastSeenTime, { dateStyle: 'short', timeStyle: 'short' }) })}
          </span>
          <span className="ms-auto">
            {session.current ? (
              <span className="rounded bg-emerald-500/15 px-2 py-0.5 text-emerald-400">{t('account.thisDevice')}</span>
            ) : (
              <button
                type="button"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ sessionId: session.id })}
                className="rounded bg-panel-2 px-2 py-1 text-slate-200 hover:text-white disabled:opacity-50"
              >
                {t('account.revoke')}
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
