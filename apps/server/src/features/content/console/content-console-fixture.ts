import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';

// The app and the helpers of the content console's test files (each file gets its own database).
export let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

export const db = () => t.database.db;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = { status: number; msg: string; data: any };

/** A player's (or guest's) read of a public route, in a language. */
export async function playerGet(
  url: string,
  params: Record<string, unknown> = {},
  lang: 'zh' | 'en' = 'zh',
): Promise<Json & { contentType: string }> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await t.app.inject({ method: 'GET', url: `${url}?${qs}`, headers: { lang } });
  return { ...(res.json() as Json), contentType: String(res.headers['content-type']) };
}

export const auditCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);
export async function auditRows(action: string, targetId: string) {
  return queryRows<{ operator_id: unknown; before: unknown; after: unknown }>(
    db(),
    sql`SELECT operator_id, before, after FROM audit_log WHERE action = ${action} AND target_id = ${targetId} ORDER BY id`,
  );
}
export const count = async (table: 'documents' | 'notices' | 'banners') =>
  toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`))[0]?.n);
