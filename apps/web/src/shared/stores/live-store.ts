import { create } from 'zustand';
import type { DropItem } from '@skinfair/contract';
import { applyLiveEvent, emptyFeed, seedDrops, type FeedState } from '../live/feed-reducer';

/** The live feed and the latest battle payloads (spec §4), fed by the socket and the first lastDrop page. */
interface LiveState extends FeedState {
  applyEvent: (eventType: number, data: unknown) => void;
  seed: (recent: readonly DropItem[], top: readonly DropItem[]) => void;
  reset: () => void;
}

export const useLiveStore = create<LiveState>()((set) => ({
  ...emptyFeed,
  applyEvent: (eventType, data) => set((state) => applyLiveEvent(state, eventType, data)),
  seed: (recent, top) => set((state) => seedDrops(state, recent, top)),
  reset: () => set(emptyFeed),
}));
