import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';

// The app, the operator and the helpers of the items console's test files (each file gets its own database).
export let t: TestApp;
export let ops: { token: string; id: number };
beforeAll(async () => {
  t = await buildTestApp();
  ops = await givenOperator(t.app, t.database.db, 'operations');
});
afterAll(async () => t?.close());

export const db = () => t.database.db;
export const as = (token: string) => ({ adminToken: token });
export const get = (url: string, params: Record<string, unknown> = {}, token = ops.token) =>
  adminCall(t.app, 'GET', url, params, as(token));
export const post = (url: string, params: Record<string, unknown> = {}, token = ops.token) =>
  adminCall(t.app, 'POST', url, params, as(token));
export const count = async (query: ReturnType<typeof sql>) => toInt((await queryRows<{ n: unknown }>(db(), query))[0]?.n);
export const auditCount = () => count(sql`SELECT count(*) AS n FROM audit_log`);
export const historyCount = () => count(sql`SELECT count(*) AS n FROM item_price_history`);
export const auditRows = (action: string) =>
  queryRows<{ operator_id: unknown; target_id: string; before: unknown; after: Record<string, unknown> }>(
    db(),
    sql`SELECT * FROM audit_log WHERE action = ${action} ORDER BY id`,
  );
export const pricesOf = async (id: number) => {
  const [row] = await queryRows<{ reference_price_fen: unknown; recovery_price_fen: unknown }>(
    db(),
    sql`SELECT reference_price_fen, recovery_price_fen FROM items WHERE id = ${id}`,
  );
  return { ref: toInt(row!.reference_price_fen), rec: toInt(row!.recovery_price_fen) };
};

/** Items of the seeded catalogue that no other test of this file prices: one per call, from a box's drops. */
let cursor = 0;
export async function freshItems(n: number) {
  const rows = await queryRows<{ id: unknown; name: string; template_id: unknown; exterior: string | null; stat_trak: boolean }>(
    db(),
    sql`SELECT DISTINCT i.id, i.name, i.template_id, i.exterior, i.stat_trak FROM items i
        JOIN box_drops d ON d.item_id = i.id JOIN boxes b ON b.id = d.box_id AND b.current_version = d.version AND b.enabled
        ORDER BY i.id OFFSET ${cursor} LIMIT ${n}`,
  );
  cursor += n;
  return rows.map((r) => ({ id: toInt(r.id), name: r.name }));
}
