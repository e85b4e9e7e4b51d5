import { useId } from 'react';
import { Link } from 'react-router';
import { isSafeLink, type Notice } from '@skinfair/contract';
import { formatDateTime } from '../../shared/format/beijing-time';
import { useT } from '../../shared/i18n/use-t';

const linkClass = 'self-start rounded-lg border border-line bg-panel-2 px-3 py-1.5 text-sm text-white hover:brightness-125';

/** One notice in the 公告 list: its title, date and unread mark; the text when opened. */
export function NoticeItem({
  notice,
  unread,
  open,
  onToggle,
  onNavigate,
}: {
  notice: Notice;
  unread: boolean;
  open: boolean;
  onToggle: () => void;
  onNavigate: () => void;
}) {
  const t = useT();
  const bodyId = useId();
  const mark = `${notice.key}@${notice.version}`;
  return (
    <li className="rounded-xl border border-line bg-panel-2/40" data-testid="notice-item" data-notice={mark}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        onClick={onToggle}
        className="flex w-full items-start gap-2 px-3 py-2.5 text-left hover:bg-panel-2 focus-visible:outline-2 focus-visible:outline-accent-orange"
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-medium text-white">{notice.title}</span>
          <span className="text-xs text-slate-400">
            {t('doc.meta', { version: notice.version, date: formatDateTime(notice.publishTime, 'minute') })}
          </span>
        </span>
        {unread ? (
          <span
            className="shrink-0 rounded-full bg-accent-red/15 px-2 py-0.5 text-xs font-semibold text-accent-red"
            data-testid="notice-unread"
          >
            {t('notice.unread')}
          </span>
        ) : null}
        <span aria-hidden="true" className="shrink-0 text-slate-400">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open ? (
        <div id={bodyId} className="flex flex-col gap-3 border-t border-line px-3 py-3" data-testid="notice-body" data-notice={mark}>
          {/* Plain text, not Markdown: the notice opens on a first visit of /home, where the Markdown
              renderer (~38 KB compressed) would be a quarter of the page's script (issue 11's budget). */}
          <p className="whitespace-pre-line text-sm text-slate-200">{notice.content}</p>
          {notice.url && isSafeLink(notice.url) ? (
            notice.url.startsWith('/') ? (
              <Link to={notice.url} onClick={onNavigate} className={linkClass}>
                {t('content.notice.more')}
              </Link>
            ) : (
              <a href={notice.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('content.notice.more')}
              </a>
            )
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
