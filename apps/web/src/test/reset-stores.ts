import { useLocaleStore } from '../shared/i18n/locale-store';
import { useEntryParamsStore } from '../shared/stores/entry-params-store';
import { useLiveStore } from '../shared/stores/live-store';
import { useOverlayStore } from '../shared/stores/overlay-store';
import { usePageLoadedStore } from '../shared/stores/page-loaded-store';
import { useSettingsStore } from '../shared/stores/settings-store';
import { useSkinOverlayStore } from '../shared/stores/skin-overlay-store';
import { useUserCardStore } from '../shared/stores/user-card-store';

/**
 * Every zustand store of the app. Test files share their worker's modules (vitest.config.ts), so a store a
 * test changed (fast mode, an open overlay, the live status) would still be changed in the next file.
 */
const stores = [
  useLocaleStore,
  useEntryParamsStore,
  useLiveStore,
  useOverlayStore,
  usePageLoadedStore,
  useSettingsStore,
  useSkinOverlayStore,
  useUserCardStore,
] as const;

interface ResettableStore {
  getInitialState: () => unknown;
  setState: (state: unknown, replace: true) => void;
}

/** Puts every store back to the state it was created with (the settings' defaults, no overlay, offline). */
export function resetStores(): void {
  for (const store of stores as readonly ResettableStore[]) store.setState(store.getInitialState(), true);
}
