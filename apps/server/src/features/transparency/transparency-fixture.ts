import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { createJobRunner, type JobRunner } from '../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../app.js';
import { declaredFromOutcomes } from '../returns/index.js';

export let t: TestApp;
export let runner: JobRunner;
export const silent = { info() {}, warn() {}, error() {} };
beforeAll(async () => {
  t = await buildTestApp({ env: { FULFILMENT_STEP_MS: '0' } });
  runner = createJobRunner({ db: db(), logger: silent, pollMs: 60_000, nodeId: 'transparency-test' });
  registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
});
afterAll(async () => t?.close());

export const db = () => t.database.db;
export type Player = { userId: number; token: string };
export async function player(coinsFen: number): Promise<Player> {
  const user = await givenUser(db(), { coinsFen });
  return { userId: user.id, token: await givenSession(db(), user.id) };
}

/** The public answer now: the app's own answers are cached for a minute, so a new app on the same database reads afresh. */
export async function fresh(url: string, params: Record<string, unknown> = {}) {
  const other = await buildTestApp({ database: t.database });
  try {
    const res = await call(other.app, 'GET', url, params);
    expect(res.status, res.msg).toBe(0);
    return res.data;
  } finally {
    await other.close();
  }
}
export const game = (data: { games: Array<{ game: string }> }, name: string) =>
  data.games.find((g) => g.game === name) as unknown as Record<string, number | null | object>;
export async function gamesAllWindows() {
  const out: Record<string, { games: Array<{ game: string }> }> = {};
  const other = await buildTestApp({ database: t.database });
  try {
    for (const window of ['24h', '30d', 'all']) {
      const res = await call(other.app, 'GET', '/api/transparency/games', { window });
      expect(res.status, res.msg).toBe(0);
      out[window] = res.data;
    }
  } finally {
    await other.close();
  }
  return out as Record<'24h' | '30d' | 'all', { games: Array<{ game: string }> }>;
}

export let boxId: number;
export let boxPrice: number;
beforeAll(async () => {
  const [box] = await queryRows<{ id: unknown; price_fen: unknown }>(
    db(),
    sql`SELECT id, price_fen FROM boxes WHERE box_type = 1 AND enabled AND battle_eligible ORDER BY price_fen, id LIMIT 1`,
  );
  boxId = toInt(box!.id);
  boxPrice = toInt(box!.price_fen);
});

/** The box's declared figures from its drop list at today's prices (what the box page shows, decision 0033). */
export async function declaredOfBox() {
  const drops = await queryRows<{ weight: unknown; price: unknown }>(
    db(),
    sql`SELECT d.weight, i.recovery_price_fen AS price FROM box_drops d
        JOIN boxes b ON b.id = d.box_id AND b.current_version = d.version
        JOIN items i ON i.id = d.item_id WHERE d.box_id = ${boxId}`,
  );
  const d = declaredFromOutcomes(
    drops.map((r) => ({ weight: toInt(r.weight), valueFen: toInt(r.price) })),
    boxPrice,
  )!;
  return { declaredReturn: d.mean, openingSd: Math.sqrt(d.variance) };
}

export async function open(p: Player, number: number) {
  const res = await call(t.app, 'POST', '/api/case/openCase', { caseId: boxId, number }, p.token);
  expect(res.status, res.msg).toBe(0);
  const won = (res.data.results as Array<{ recoveryPrice: number }>).reduce((s, r) => s + r.recoveryPrice, 0);
  return { won, paid: res.data.amountPaid as number, n: number };
}
/** Moves every record of `table` newer than a day back by `days` days (the clock moving on). */
export const age = (table: 'rolls' | 'dreams', days: number) =>
  db().execute(
    sql`UPDATE ${sql.raw(table)} SET created_at = created_at - make_interval(days => ${days})
        WHERE created_at > now() - interval '1 day'`,
  );
