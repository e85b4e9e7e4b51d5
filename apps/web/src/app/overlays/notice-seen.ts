import type { Notice } from '@skinfair/contract';
import { readItem, writeItem } from '../../shared/storage/local';

/**
 * Which notices this browser has read: `key@version` marks, space-separated (a new version of a notice is
 * unread again). A value from before the list (one mark, `welcome@2`) reads the same way.
 */
export const NOTICE_SEEN_KEY = 'noticeSeen';

export const noticeMark = (notice: Pick<Notice, 'key' | 'version'>) => `${notice.key}@${notice.version}`;

export function readSeenNotices(): Set<string> {
  return new Set((readItem(NOTICE_SEEN_KEY) ?? '').split(' ').filter(Boolean));
}

/** Marks the listed notices read; marks of notices no longer listed are dropped, so the value stays short. */
export function markNoticesSeen(notices: readonly Pick<Notice, 'key' | 'version'>[]): void {
  if (notices.length > 0) writeItem(NOTICE_SEEN_KEY, notices.map(noticeMark).join(' '));
}
