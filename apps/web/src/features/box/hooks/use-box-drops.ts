import { useMemo, useState } from 'react';
import { EventType, type DropItem } from '@skinfair/contract';
import { mergeDrops } from '../../../shared/live/feed-reducer';
import { useLiveStore } from '../../../shared/stores/live-store';
import { useRecentCaseGifts } from '../api/get-recent-case-gifts';

/**
 * The box's recent drops: the first page from recentCaseGift, with the live event-21 drops of this box
 * merged in front as they arrive. `hold()` freezes what is shown while the user's own reels spin (the
 * live event of their opening would otherwise reveal the item before the reel stops); `release()` shows
 * everything again.
 */
export function useBoxDrops(caseId: number) {
  const fetched = useRecentCaseGifts(caseId).data;
  const live = useLiveStore((s) => s.recent);
  const drops = useMemo(() => {
    const fromLive = live.filter((d) => d.sourceType === EventType.CASE_DROP && d.sourceId === caseId);
    return mergeDrops(fromLive, fetched ?? []);
  }, [live, fetched, caseId]);
  const [held, setHeld] = useState<DropItem[] | null>(null);
  return {
    drops: held ?? drops,
    loading: fetched === undefined,
    hold: () => setHeld(drops),
    release: () => setHeld(null),
  };
}
