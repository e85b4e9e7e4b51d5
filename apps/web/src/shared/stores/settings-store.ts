import { create } from 'zustand';
import { readSettings, setSetting, type Settings } from '../storage/settings';

/**
 * Reactive view of the spec §3 local preferences. Every write goes through storage/settings (one key
 * of the `settings` JSON object), so the stored object stays the source of truth across reloads.
 */
interface SettingsState extends Settings {
  set: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  reload: () => void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  ...readSettings(),
  set: (key, value) => {
    setSetting(key, value);
    set({ [key]: value } as Pick<Settings, typeof key>);
  },
  reload: () => set(readSettings()),
}));
