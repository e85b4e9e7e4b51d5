import { afterAll, beforeAll, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { localBeaconRandomness } from '@skinfair/fairness';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { grantItems } from '../backpack/index.js';
import { drawGiveaway, freezeGiveaway } from './draw.js';
import { insertOfficialGiveaway, type NewOfficialGiveaway } from './rooms.js';

export let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

export const db = () => t.database.db;
// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const readyBeacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({ round, randomness: localBeaconRandomness(round), signature: null, source: 'local' }),
};
export const silentBeacon: BeaconProvider = { source: 'local', fetchRound: async () => null };
export const deps = (beacon: BeaconProvider = readyBeacon) => ({ db: db(), live: t.live, beacon });

export interface Player {
  id: number;
  token: string;
}

export async function player(opts: { verified?: boolean; nickname?: string } = {}): Promise<Player> {
  const user = await givenUser(db(), opts.nickname ? { nickname: opts.nickname } : {});
  if (opts.verified !== false) await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  return { id: user.id, token: await givenSession(db(), user.id) };
}

export async function itemIds(n: number): Promise<Array<{ id: number; price: number }>> {
  const rows = await queryRows<{ id: unknown; p: unknown }>(
    db(),
    sql`SELECT id, recovery_price_fen AS p FROM items ORDER BY id LIMIT ${n}`,
  );
  return rows.map((r) => ({ id: toInt(r.id), price: toInt(r.p) }));
}

/** Backpack items for `p`, one per catalogue item given, as a drop would grant them. */
export async function giveItems(p: Player, n: number): Promise<number[]> {
  const items = await itemIds(n);
  const rows = await runInTransaction(db(), ({ tx }) =>
    grantItems(
      tx,
      p.id,
      items.map((i) => ({ itemId: i.id, recoveryPriceFen: i.price })),
      { sourceType: 'case', sourceId: null },
    ),
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
export const create = (p: Player, params: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/giveaway/create', { title: '测试福利屋', openTime: inMinutes(30), ...params }, p.token);
export const join = (p: Player, giveawayId: number, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/giveaway/partake', { giveawayId, ...extra }, p.token);
/** A join as the web app sends it, with the device id header it keeps. */
export const joinFrom = async (p: Player, giveawayId: number, device: string): Promise<Json> =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/giveaway/partake',
      headers: { token: p.token, 'device-id': device, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `giveawayId=${giveawayId}`,
    })
  ).json();
export const newDevice = () => randomBytes(16).toString('hex');
export const entryCount = async (giveawayId: number) =>
  toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM giveaway_entries WHERE giveaway_id = ${giveawayId}`))[0]?.n);
export const detail = async (giveawayId: number, p?: Player): Promise<Json> =>
  (await call(t.app, 'GET', '/api/giveaway/detail', { giveawayId }, p?.token)).data;

export async function ownRoom(p: Player, items = 2, params: Record<string, unknown> = {}): Promise<Json> {
  const vouchers = await giveItems(p, items);
  const res = await create(p, { vouchers: vouchers.join(','), ...params });
  expect(res.status).toBe(0);
  return res.data;
}

export async function stockLines(n: number): Promise<Array<{ id: number; stock: number }>> {
  const rows = await queryRows<{ id: unknown; stock: unknown }>(
    db(),
    sql`SELECT id, stock FROM shop_stock WHERE stock >= 3 ORDER BY id LIMIT ${n}`,
  );
  return rows.map((r) => ({ id: toInt(r.id), stock: toInt(r.stock) }));
}
export const stockOf = async (id: number) =>
  toInt((await queryRows<{ stock: unknown }>(db(), sql`SELECT stock FROM shop_stock WHERE id = ${id}`))[0]?.stock);

export async function official(input: Partial<NewOfficialGiveaway> & { stockIds: number[] }): Promise<number> {
  const room = await runInTransaction(db(), ({ tx }) =>
    insertOfficialGiveaway(tx, null, { title: '官方测试', openTime: new Date(Date.now() + 30 * 60_000), ...input }),
  );
  return room.id;
}

export const openTimeOf = async (id: number) => Date.parse((await detail(id)).openTime as string);
// The open time is read first: on PGlite a read from outside the transaction would wait for it.
export const freeze = async (id: number) => {
  const at = (await openTimeOf(id)) + 1;
  return runInTransaction(db(), (scope) => freezeGiveaway(deps(), scope, id, at));
};
export const draw = async (id: number, beacon: BeaconProvider = readyBeacon) => {
  const at = (await openTimeOf(id)) + 10_000;
  return runInTransaction(db(), (scope) => drawGiveaway(deps(beacon), scope, id, at));
};

export async function inventoryStates(ids: number[]): Promise<Record<number, { state: string; userId: number }>> {
  const rows = await queryRows<{ id: unknown; state: string; user_id: unknown }>(
    db(),
    sql`SELECT id, state, user_id FROM inventory_items WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return Object.fromEntries(rows.map((r) => [toInt(r.id), { state: r.state, userId: toInt(r.user_id) }]));
}
/** Items that exist for someone (in a backpack or held by a room), per catalogue item. */
export async function liveItems(): Promise<Record<string, number>> {
  const rows = await queryRows<{ item_id: unknown; n: unknown }>(
    db(),
    sql`SELECT item_id, count(*) AS n FROM inventory_items WHERE state IN ('in_backpack', 'escrowed') GROUP BY item_id`,
  );
  return Object.fromEntries(rows.map((r) => [String(toInt(r.item_id)), toInt(r.n)]));
}
export const backpack = async (p: Player): Promise<Json> =>
  (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', { state: 0 }, p.token)).data;
