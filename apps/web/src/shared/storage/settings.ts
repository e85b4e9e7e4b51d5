import { readItem, writeItem } from './local';

/**
 * Spec §3 local preferences, kept as one JSON object under `settings` and read/written by key.
 * Defaults: fast mode off, voice on, music on, agreePing on. skipOpenConfirm (not in spec §3; issue 4's
 * "don't ask again" of the confirm step before opening boxes) defaults to off.
 */
export const SETTINGS_KEY = 'settings';

export interface Settings {
  fastMode: boolean;
  voice: boolean;
  music: boolean;
  agreePing: boolean;
  skipOpenConfirm: boolean;
}

export const defaultSettings: Readonly<Settings> = Object.freeze({
  fastMode: false,
  voice: true,
  music: true,
  agreePing: true,
  skipOpenConfirm: false,
});

function readStored(): Partial<Record<string, unknown>> {
  const raw = readItem(SETTINGS_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {}; // A corrupt value falls back to the defaults instead of breaking the page.
  }
}

/** Every preference, stored values over defaults; values of the wrong type are ignored. */
export function readSettings(): Settings {
  const stored = readStored();
  const result: Settings = { ...defaultSettings };
  for (const key of Object.keys(defaultSettings) as (keyof Settings)[]) {
    const value = stored[key];
    if (typeof value === 'boolean') result[key] = value;
  }
  return result;
}

export function getSetting<K extends keyof Settings>(key: K): Settings[K] {
  return readSettings()[key];
}

/** Writes one key and keeps every other key of the stored object (including unknown ones). */
export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  const stored = readStored();
  writeItem(SETTINGS_KEY, JSON.stringify({ ...stored, [key]: value }));
}
