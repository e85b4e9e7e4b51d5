import { dreamSettingsSchema, type DreamSettings } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { readSettings, writeSetting } from '../common/index.js';

/**
 * The dream's five settings (decision 0027): the DREAM_* environment (config.ts) is the default and the
 * boot value; the console (issue 16 screen 9) saves an override in site_settings under this key.
 */
export const DREAM_SETTINGS_KEY = 'dream';

/**
 * How long a node keeps the values it read. A save invalidates this node's copy at once (after commit);
 * other nodes see it within this time, so a dream on another node may be priced with the previous return
 * rate for a few seconds after a change (the rate it used is stored with each roll).
 */
export const DREAM_SETTINGS_TTL_MS = 5_000;

interface Stored {
  values: DreamSettings;
  savedAt: string;
}

export interface DreamSettingsState {
  current: DreamSettings;
  defaults: DreamSettings;
  overridden: boolean;
  updatedAt: string | null;
}

type Ctx = Pick<AppContext, 'db' | 'config'>;

const defaultsOf = (config: AppContext['config']): DreamSettings => ({ ...config.dream });

/** A stored value that no longer passes the schema (hand-edited, older shape) falls back to the environment. */
function parseStored(raw: unknown): Stored | null {
  if (!raw || typeof raw !== 'object') return null;
  const { values, savedAt } = raw as { values?: unknown; savedAt?: unknown };
  const parsed = dreamSettingsSchema.safeParse(values);
  return parsed.success ? { values: parsed.data, savedAt: typeof savedAt === 'string' ? savedAt : '' } : null;
}

export async function readDreamSettings(ex: Executor, config: AppContext['config']): Promise<DreamSettingsState> {
  const stored = parseStored((await readSettings(ex)).get(DREAM_SETTINGS_KEY));
  const defaults = defaultsOf(config);
  return {
    current: stored?.values ?? defaults,
    defaults,
    overridden: stored !== null,
    updatedAt: stored?.savedAt || null,
  };
}

const cache = new WeakMap<Db, { value: DreamSettings; readAtMs: number }>();

/** What a dream, the target picker and getUpgradeConfig use now. */
export async function currentDreamSettings(ctx: Ctx, nowMs = Date.now()): Promise<DreamSettings> {
  const hit = cache.get(ctx.db);
  if (hit && nowMs - hit.readAtMs < DREAM_SETTINGS_TTL_MS) return hit.value;
  const { current } = await readDreamSettings(ctx.db, ctx.config);
  cache.set(ctx.db, { value: current, readAtMs: nowMs });
  return current;
}

/** Forgets this node's copy: called after the commit of a save, so the next read sees it. */
export function forgetDreamSettings(db: Db): void {
  cache.delete(db);
}

/** Saves the console's values in the caller's transaction (the caller validated them and writes the audit row). */
export async function saveDreamSettings(tx: Tx, values: DreamSettings, nowMs = Date.now()): Promise<void> {
  const stored: Stored = { values, savedAt: new Date(nowMs).toISOString() };
  await writeSetting(tx, DREAM_SETTINGS_KEY, stored);
}
