import { useT } from '../../../shared/i18n/use-t';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { useUnreadCount } from '../api/count-unread';

/** The header bell with the unread count (spec §1, §3). Rendered by app/ only when logged in (spec §6). */
export function MessageBell() {
  const t = useT();
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  const count = useUnreadCount().data ?? 0;
  const label = count > 0 ? t('messages.bellUnread', { count }) : t('messages.bell');
  return (
    <button
      type="button"
      onClick={() => openOverlay('messages')}
      aria-label={label}
      title={label}
      data-testid="message-bell"
      className="relative rounded-lg p-2 text-slate-300 hover:bg-panel-2 hover:text-white"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" />
        <path d="M10.3 20a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute -end-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-red px-1 text-[10px] font-bold leading-none text-black"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  );
}
