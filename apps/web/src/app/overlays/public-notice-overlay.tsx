import { useEffect } from 'react';
import { Link } from 'react-router';
import { isSafeLink } from '@skinfair/contract';
import { useSysConfig } from '../../shared/api/common-queries';
import { useT } from '../../shared/i18n/use-t';
import { readItem, writeItem } from '../../shared/storage/local';
import { useOverlayStore } from '../../shared/stores/overlay-store';
import { Dialog } from '../../shared/ui/dialog';
import { useLatestNotice } from './notice-query';

/** Which notice this browser has already been shown: `key@version` (a new version shows again). */
export const NOTICE_SEEN_KEY = 'noticeSeen';

/**
 * Opens the public notice by itself once per notice version per browser, when sysConfig.showPublicText is
 * on (spec §3). The header's 公告 button opens it any time.
 */
export function NoticeOnce() {
  const { notice } = useLatestNotice();
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  useEffect(() => {
    if (!notice) return;
    const seen = `${notice.key}@${notice.version}`;
    if (readItem(NOTICE_SEEN_KEY) === seen) return;
    writeItem(NOTICE_SEEN_KEY, seen);
    openOverlay('publicNotice');
  }, [notice, openOverlay]);
  return null;
}

/** Spec §3 and §7: the newest notice (common/notice) in the public-notice overlay. */
export function PublicNoticeOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const config = useSysConfig().data;
  const { enabled, notice, isPending } = useLatestNotice();
  // No notice row: the short sysConfig text still says something while the switch is on.
  const fallback = enabled ? (config?.publicText ?? '') : '';
  return (
    <Dialog title={notice?.title ?? t('overlay.publicNotice')} onClose={onClose} testId="overlay-publicNotice">
      {isPending ? null : notice ? (
        <div className="flex flex-col gap-3" data-testid="notice-body" data-notice={`${notice.key}@${notice.version}`}>
          {/* Plain text, not Markdown: the notice opens on a first visit of /home, where the Markdown
              renderer (~38 KB compressed) would be a quarter of the page's script (issue 11's budget). */}
          <p className="whitespace-pre-line text-slate-200">{notice.content}</p>
          <p className="text-xs text-slate-400">{t('doc.meta', { version: notice.version, date: notice.publishTime.slice(0, 10) })}</p>
        </div>
      ) : (
        <p className="whitespace-pre-line text-slate-200">{fallback || t('notice.empty')}</p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {notice?.url && isSafeLink(notice.url) ? (
          notice.url.startsWith('/') ? (
            <Link to={notice.url} onClick={onClose} className="rounded-lg border border-line bg-panel-2 px-4 py-2 text-sm text-white hover:brightness-125">
              {t('content.notice.more')}
            </Link>
          ) : (
            <a href={notice.url} target="_blank" rel="noopener noreferrer" className="rounded-lg border border-line bg-panel-2 px-4 py-2 text-sm text-white hover:brightness-125">
              {t('content.notice.more')}
            </a>
          )
        ) : null}
        <button type="button" onClick={onClose} className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black">
          {t('content.notice.ok')}
        </button>
      </div>
    </Dialog>
  );
}
