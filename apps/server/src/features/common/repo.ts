import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.js';
import { siteSettings } from './tables.js';

export async function readSettings(ex: Executor): Promise<Map<string, unknown>> {
  const rows = await ex.select().from(siteSettings);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Adds missing keys only: a value the operator changed is never overwritten by a restart. */
export async function insertMissingSettings(ex: Executor, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length) await ex.insert(siteSettings).values(rows).onConflictDoNothing();
}

export async function writeSetting(ex: Executor, key: string, value: unknown): Promise<void> {
  await ex
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** Replaces a value only while it still equals `from` (a seeded default nobody edited). */
export async function replaceSettingIfUnchanged(ex: Executor, key: string, from: unknown, to: unknown): Promise<void> {
  await ex
    .update(siteSettings)
    .set({ value: to, updatedAt: sql`now()` })
    .where(and(eq(siteSettings.key, key), sql`${siteSettings.value} = ${JSON.stringify(from)}::jsonb`));
}
