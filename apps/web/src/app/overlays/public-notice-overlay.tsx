import { useEffect, useState } from 'react';
import { useSysConfig } from '../../shared/api/common-queries';
import { useT } from '../../shared/i18n/use-t';
import { useOverlayStore } from '../../shared/stores/overlay-store';
import { Dialog } from '../../shared/ui/dialog';
import { NoticeItem } from './notice-item';
import { useNotices } from './notice-query';
import { markNoticesSeen, noticeMark, readSeenNotices } from './notice-seen';

/**
 * Opens the 公告 list by itself when the newest notice (or a new version of it) is unread in this browser,
 * once, while sysConfig.showPublicText is on (spec §3). The header's 公告 button opens it any time.
 */
export function NoticeOnce() {
  const { notices } = useNotices();
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  const newest = notices[0];
  useEffect(() => {
    // The list marks what it showed as read: it must see the newest as unread when it opens.
    if (newest && !readSeenNotices().has(noticeMark(newest))) openOverlay('publicNotice');
  }, [newest, openOverlay]);
  return null;
}

/**
 * Spec §3 and §7, issue 30 §9: the current notices, newest first, each with an unread mark; the first
 * unread one (else the newest) open. Every notice stays reachable, so a new one never hides the welcome
 * notice. What this browser had read is read once, when the list opens; then all listed count as read.
 */
export function PublicNoticeOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const config = useSysConfig().data;
  const { enabled, notices, isPending } = useNotices();
  const [seenBefore] = useState(readSeenNotices);
  const [opened, setOpened] = useState<Set<string> | null>(null);
  useEffect(() => markNoticesSeen(notices), [notices]);
  const firstOpen = notices.find((n) => !seenBefore.has(noticeMark(n))) ?? notices[0];
  const isOpen = (mark: string) => (opened ? opened.has(mark) : firstOpen !== undefined && noticeMark(firstOpen) === mark);
  const toggle = (mark: string) =>
    setOpened((current) => {
      const next = new Set(current ?? (firstOpen ? [noticeMark(firstOpen)] : []));
      if (next.has(mark)) next.delete(mark);
      else next.add(mark);
      return next;
    });
  // No notice row: the short sysConfig text still says something while the switch is on.
  const fallback = enabled ? (config?.publicText ?? '') : '';
  return (
    <Dialog title={t('overlay.publicNotice')} onClose={onClose} testId="overlay-publicNotice">
      {isPending ? null : notices.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('notice.listLabel')} data-testid="notice-list">
          {notices.map((notice) => {
            const mark = noticeMark(notice);
            return (
              <NoticeItem
                key={mark}
                notice={notice}
                unread={!seenBefore.has(mark)}
                open={isOpen(mark)}
                onToggle={() => toggle(mark)}
                onNavigate={onClose}
              />
            );
          })}
        </ul>
      ) : (
        <p className="whitespace-pre-line text-slate-200">{fallback || t('notice.empty')}</p>
      )}
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={onClose} className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black">
          {t('content.notice.ok')}
        </button>
      </div>
    </Dialog>
  );
}
