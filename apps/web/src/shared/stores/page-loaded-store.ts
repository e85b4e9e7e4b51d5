import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * Spec §2/§4: the home and battle pages report when they are loaded so the live feed connects, and the
 * socket deactivates when they are left. A counter (not a boolean) so that moving from home to battle,
 * where one page unmounts as the next mounts, never reads as "no page loaded".
 */
interface PageLoadedState {
  loadedPages: number;
  reportLoaded: () => void;
  reportLeft: () => void;
}

export const usePageLoadedStore = create<PageLoadedState>()((set) => ({
  loadedPages: 0,
  reportLoaded: () => set((s) => ({ loadedPages: s.loadedPages + 1 })),
  reportLeft: () => set((s) => ({ loadedPages: Math.max(0, s.loadedPages - 1) })),
}));

export const useLivePageActive = () => usePageLoadedStore((s) => s.loadedPages > 0);

/** Called by a page that needs the live socket while it is on screen. */
export function useReportPageLoaded(): void {
  useEffect(() => {
    usePageLoadedStore.getState().reportLoaded();
    return () => usePageLoadedStore.getState().reportLeft();
  }, []);
}
