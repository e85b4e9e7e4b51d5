import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { giveawayDraw, giveawayEntriesHash, localBeaconRandomness, publicHash, roundAt } from '@skinfair/fairness';
import { EventType } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call, refused } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import type { BeaconProvider } from '../../platform/providers/beacon.js';
import { grantItems } from '../backpack/index.js';
import { GIVEAWAY_DRAW_JOB, giveawayDrawJob } from './index.js';
import { drawGiveaway, ensureDemoGiveaway, freezeGiveaway } from './draw.js';
import { insertOfficialGiveaway, type NewOfficialGiveaway } from './rooms.js';
import { maskNickname } from './views.js';
import { setStreamer } from './repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
// Tests read whatever shape a call returns; the server already validated it against the contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const readyBeacon: BeaconProvider = {
  source: 'local',
  fetchRound: async (round) => ({ round, randomness: localBeaconRandomness(round), signature: null, source: 'local' }),
};
const silentBeacon: BeaconProvider = { source: 'local', fetchRound: async () => null };
const deps = (beacon: BeaconProvider = readyBeacon) => ({ db: db(), live: t.live, beacon });

interface Player {
  id: number;
  token: string;
}

async function player(opts: { verified?: boolean; nickname?: string } = {}): Promise<Player> {
  const user = await givenUser(db(), opts.nickname ? { nickname: opts.nickname } : {});
  if (opts.verified !== false) await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  return { id: user.id, token: await givenSession(db(), user.id) };
}

async function itemIds(n: number): Promise<Array<{ id: number; price: number }>> {
  const rows = await queryRows<{ id: unknown; p: unknown }>(
    db(),
    sql`SELECT id, recovery_price_fen AS p FROM items ORDER BY id LIMIT ${n}`,
  );
  return rows.map((r) => ({ id: toInt(r.id), price: toInt(r.p) }));
}

/** Backpack items for `p`, one per catalogue item given, as a drop would grant them. */
async function giveItems(p: Player, n: number): Promise<number[]> {
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

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const create = (p: Player, params: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/giveaway/create', { title: '测试福利屋', openTime: inMinutes(30), ...params }, p.token);
const join = (p: Player, giveawayId: number, extra: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/giveaway/partake', { giveawayId, ...extra }, p.token);
/** A join as the web app sends it, with the device id header it keeps. */
const joinFrom = async (p: Player, giveawayId: number, device: string): Promise<Json> =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/giveaway/partake',
      headers: { token: p.token, 'device-id': device, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `giveawayId=${giveawayId}`,
    })
  ).json();
const newDevice = () => randomBytes(16).toString('hex');
const entryCount = async (giveawayId: number) =>
  toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM giveaway_entries WHERE giveaway_id = ${giveawayId}`))[0]?.n);
const detail = async (giveawayId: number, p?: Player): Promise<Json> =>
  (await call(t.app, 'GET', '/api/giveaway/detail', { giveawayId }, p?.token)).data;

async function ownRoom(p: Player, items = 2, params: Record<string, unknown> = {}): Promise<Json> {
  const vouchers = await giveItems(p, items);
  const res = await create(p, { vouchers: vouchers.join(','), ...params });
  expect(res.status).toBe(0);
  return res.data;
}

async function stockLines(n: number): Promise<Array<{ id: number; stock: number }>> {
  const rows = await queryRows<{ id: unknown; stock: unknown }>(
    db(),
    sql`SELECT id, stock FROM shop_stock WHERE stock >= 3 ORDER BY id LIMIT ${n}`,
  );
  return rows.map((r) => ({ id: toInt(r.id), stock: toInt(r.stock) }));
}
const stockOf = async (id: number) =>
  toInt((await queryRows<{ stock: unknown }>(db(), sql`SELECT stock FROM shop_stock WHERE id = ${id}`))[0]?.stock);

async function official(input: Partial<NewOfficialGiveaway> & { stockIds: number[] }): Promise<number> {
  const room = await runInTransaction(db(), ({ tx }) =>
    insertOfficialGiveaway(tx, null, { title: '官方测试', openTime: new Date(Date.now() + 30 * 60_000), ...input }),
  );
  return room.id;
}

const openTimeOf = async (id: number) => Date.parse((await detail(id)).openTime as string);
// The open time is read first: on PGlite a read from outside the transaction would wait for it.
const freeze = async (id: number) => {
  const at = (await openTimeOf(id)) + 1;
  return runInTransaction(db(), (scope) => freezeGiveaway(deps(), scope, id, at));
};
const draw = async (id: number, beacon: BeaconProvider = readyBeacon) => {
  const at = (await openTimeOf(id)) + 10_000;
  return runInTransaction(db(), (scope) => drawGiveaway(deps(beacon), scope, id, at));
};

async function inventoryStates(ids: number[]): Promise<Record<number, { state: string; userId: number }>> {
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
async function liveItems(): Promise<Record<string, number>> {
  const rows = await queryRows<{ item_id: unknown; n: unknown }>(
    db(),
    sql`SELECT item_id, count(*) AS n FROM inventory_items WHERE state IN ('in_backpack', 'escrowed') GROUP BY item_id`,
  );
  return Object.fromEntries(rows.map((r) => [String(toInt(r.item_id)), toInt(r.n)]));
}
const backpack = async (p: Player): Promise<Json> =>
  (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', { state: 0 }, p.token)).data;

describe('create', () => {
  it('holds the creator’s items in escrow and publishes the commitment, the prizes and the beacon round', async () => {
    const p = await player({ nickname: '主持人甲' });
    const vouchers = await giveItems(p, 3);
    const openTime = inMinutes(45);
    const before = t.published.length;
    const res = await create(p, { vouchers: vouchers.join(','), openTime, remark: '欢迎', pwd: 'abcd', minVipGrade: 1 });
    expect(res.status).toBe(0);
    const room = res.data;
    expect(room).toMatchObject({
      roomType: 3,
      state: 1,
      title: '测试福利屋',
      remark: '欢迎',
      creator: { id: p.id, nickname: '主持人甲' },
      openTime,
      giftCount: 3,
      userCount: 0,
      joinFlag: false,
      pwdFlag: true,
      conditions: { password: true, minDeposit: 0, promotionCode: null, minVipGrade: 1 },
      entriesHash: null,
      entryCount: null,
      serverSeed: null,
      secretSalt: null,
      randomness: null,
      targetRound: roundAt(Math.floor(Date.parse(openTime) / 1000)) + 3,
    });
    expect(room.publicHash).toMatch(/^[0-9a-f]{64}$/);
    expect(room.leftTime).toBeGreaterThan(44 * 60_000);
    // Most valuable prize first; the pool is their sum.
    const values = room.giftVos.map((g: Json) => g.recoveryPrice);
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
    expect(room.poolValue).toBe(values.reduce((a: number, b: number) => a + b, 0));
    expect(room.giftVos.map((g: Json) => g.position)).toEqual([1, 2, 3]);
    const states = await inventoryStates(vouchers);
    expect(Object.values(states).map((s) => s.state)).toEqual(['escrowed', 'escrowed', 'escrowed']);
    expect((await backpack(p)).totalRows).toBe(0);
    // The backpack's "used" list names them as held by the room.
    const held = (await call(t.app, 'GET', '/api/personalCenter/getMyOrnamentPage', { state: 1 }, p.token)).data;
    expect(held.pageData.map((o: Json) => o.state)).toEqual(['escrowed', 'escrowed', 'escrowed']);
    // Held items cannot be swapped meanwhile.
    expect(await call(t.app, 'POST', '/api/personalCenter/exchangeQuantity', { ids: String(vouchers[0]) }, p.token)).toEqual(
      refused('ITEM_NOT_AVAILABLE'),
    );
    const events = t.published.slice(before).filter((m) => m.eventType === EventType.GIVEAWAY_STATE);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ id: room.id, joinFlag: false, eligibility: null });
    const jobs = await queryRows<{ kind: string }>(
      db(),
      sql`SELECT kind FROM jobs WHERE payload->>'giveawayId' = ${String(room.id)} ORDER BY kind`,
    );
    expect(jobs.map((j) => j.kind)).toEqual(['giveaway.draw', 'giveaway.freeze']);
  });

  it('refuses a guest, an unverified player, a bad time, others’ or missing items, a repeated item and bad conditions', async () => {
    const p = await player();
    const mine = await giveItems(p, 2);
    const other = await player();
    const theirs = await giveItems(other, 1);
    expect((await call(t.app, 'POST', '/api/giveaway/create', { title: '访客', vouchers: '1', openTime: inMinutes(30) })).status).toBe(401);
    const unverified = await player({ verified: false });
    const uv = await giveItems(unverified, 1);
    expect(await create(unverified, { vouchers: String(uv[0]) })).toEqual(refused('VERIFY_REQUIRED'));
    expect(await create(p, { vouchers: String(mine[0]), openTime: inMinutes(5) })).toEqual(refused('GIVEAWAY_OPEN_TIME_INVALID'));
    expect(await create(p, { vouchers: String(mine[0]), openTime: inMinutes(8 * 24 * 60) })).toEqual(refused('GIVEAWAY_OPEN_TIME_INVALID'));
    expect(await create(p, { vouchers: `${mine[0]},${theirs[0]}` })).toEqual(refused('ITEM_NOT_AVAILABLE'));
    expect(await create(p, { vouchers: `${mine[0]},999999999` })).toEqual(refused('ITEM_NOT_AVAILABLE'));
    expect(await create(p, { vouchers: `${mine[0]},${mine[0]}` })).toEqual(refused('PARAM_INVALID'));
    expect(await create(p, { vouchers: String(mine[0]), requirePromotion: 'true' })).toEqual(refused('GIVEAWAY_PROMOTION_STREAMER_ONLY'));
    expect(
      await create(p, { vouchers: String(mine[0]), minDeposit: 100, depositStart: inMinutes(10), depositEnd: inMinutes(-10) }),
    ).toEqual(refused('GIVEAWAY_DEPOSIT_WINDOW_INVALID'));
    expect((await create(p, { vouchers: String(mine[0]), title: 'x' })).status).toBe(1001);
    expect((await create(p, { vouchers: '' })).status).toBe(1001);
    expect((await create(p, { vouchers: String(mine[0]), pwd: 'ab' })).status).toBe(1001);
    // Nothing was held by the refused calls.
    expect(Object.values(await inventoryStates([...mine, ...theirs])).map((s) => s.state)).toEqual([
      'in_backpack',
      'in_backpack',
      'in_backpack',
    ]);
  });

  it('a streamer’s room is type 2 and may require the streamer’s own promotion code', async () => {
    const s = await player({ nickname: '主播小王' });
    await setStreamer(db(), s.id, true);
    await db().execute(sql`UPDATE users SET invitation_code = NULL WHERE id = ${s.id}`);
    const items = await giveItems(s, 1);
    expect(await create(s, { vouchers: String(items[0]), requirePromotion: 'true' })).toEqual(refused('GIVEAWAY_NO_PROMOTION_CODE'));
    const code = `ZB${s.id}`;
    await db().execute(sql`UPDATE users SET invitation_code = ${code} WHERE id = ${s.id}`);
    const res = await create(s, { vouchers: String(items[0]), requirePromotion: 'true' });
    expect(res.data).toMatchObject({ roomType: 2, conditions: { promotionCode: code } });
    const fan = await player();
    const stranger = await player();
    await db().execute(sql`UPDATE users SET inviter_id = ${s.id} WHERE id = ${fan.id}`);
    expect(await join(stranger, res.data.id)).toEqual(refused('GIVEAWAY_PROMOTION_NOT_MET'));
    expect((await detail(res.data.id, stranger)).eligibility).toMatchObject({ promotion: false, account: true });
    expect((await detail(res.data.id, fan)).eligibility).toMatchObject({ promotion: true });
    expect(await join(fan, res.data.id)).toMatchObject({ status: 0, data: true });
  });

  it('an official room takes its prizes from the shop’s stock in the same transaction', async () => {
    const [a, b] = await stockLines(2);
    const id = await official({ stockIds: [a!.id, b!.id, a!.id], title: '官方周末福利' });
    expect([await stockOf(a!.id), await stockOf(b!.id)]).toEqual([a!.stock - 2, b!.stock - 1]);
    const room = await detail(id);
    expect(room).toMatchObject({ roomType: 1, creator: { id: 0, nickname: '官方福利' }, giftCount: 3 });
    // Not enough stock: nothing is taken and no room is made.
    const before = await stockOf(b!.id);
    await expect(official({ stockIds: Array(before + 1).fill(b!.id) })).rejects.toThrow();
    expect(await stockOf(b!.id)).toBe(before);
  });

  it('a repeated create with the same Idempotency-Key makes one room and holds the items once', async () => {
    const p = await player();
    const items = await giveItems(p, 1);
    const openTime = inMinutes(30);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/giveaway/create',
        headers: { token: p.token, 'idempotency-key': `giveaway-once-${p.id}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ title: '一次', vouchers: String(items[0]), openTime }).toString(),
      });
    const first = (await send()).json();
    const second = (await send()).json();
    expect(first.status).toBe(0);
    expect(second.data.id).toBe(first.data.id);
    const [n] = await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM giveaways WHERE creator_id = ${p.id}`);
    expect(toInt(n?.n)).toBe(1);
  });
});

describe('join', () => {
  it('one entry per user, numbered in join order; detail shows joinFlag and eligibility only with a session', async () => {
    const host = await player();
    const room = await ownRoom(host);
    const [a, b] = [await player(), await player()];
    expect(await join(a, room.id)).toEqual({ status: 0, msg: expect.any(String), data: true });
    expect(await join(b, room.id)).toMatchObject({ status: 0, data: true });
    expect(await join(a, room.id)).toEqual(refused('GIVEAWAY_ALREADY_JOINED'));
    expect(await join(host, room.id)).toEqual(refused('GIVEAWAY_OWN_ROOM'));
    expect((await call(t.app, 'POST', '/api/giveaway/partake', { giveawayId: room.id })).status).toBe(401);
    expect(await detail(room.id, a)).toMatchObject({
      userCount: 2,
      joinFlag: true,
      eligibility: { account: true, vip: true, deposit: true, promotion: true, depositSoFar: 0 },
    });
    expect(await detail(room.id)).toMatchObject({ userCount: 2, joinFlag: false, eligibility: null });
    // Before the draw: entry numbers and masked nicknames, no user ids (issue 24 §14); the viewer sees their own.
    const entries = (await call(t.app, 'GET', '/api/giveaway/partakeList', { giveawayId: room.id }, b.token)).data;
    expect(entries.map((e: Json) => [e.entryNo, e.userId, e.mine])).toEqual([
      [1, null, false],
      [2, null, true],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(new RegExp(`"(userId|id)":(${a.id}|${b.id})\\b`));
  });

  it('refuses an unverified or blocked account, a low VIP grade and too few deposits whatever the password, then a wrong or missing one', async () => {
    const host = await player();
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const room = await ownRoom(host, 1, { pwd: 'open-sesame', minVipGrade: 2, minDeposit: 5_000, depositStart: start });
    const p = await player();
    const pwd = { pwd: 'open-sesame' };
    const wrong = { pwd: 'wrong-one' };
    // Issue 24 §9: the conditions come first, so their answers tell nothing about the password.
    const unverified = await player({ verified: false });
    expect(await join(unverified, room.id, wrong)).toEqual(refused('GIVEAWAY_VERIFY_REQUIRED'));
    expect(await join(unverified, room.id, pwd)).toEqual(refused('GIVEAWAY_VERIFY_REQUIRED'));
    const minor = await player();
    await db().execute(sql`UPDATE users SET minor = true WHERE id = ${minor.id}`);
    expect(await join(minor, room.id, wrong)).toEqual(refused('GIVEAWAY_ACCOUNT_BLOCKED'));
    expect(await join(minor, room.id, pwd)).toEqual(refused('GIVEAWAY_ACCOUNT_BLOCKED'));
    expect(await join(p, room.id)).toEqual(refused('GIVEAWAY_VIP_NOT_MET'));
    expect(await join(p, room.id, wrong)).toEqual(refused('GIVEAWAY_VIP_NOT_MET'));
    expect(await join(p, room.id, pwd)).toEqual(refused('GIVEAWAY_VIP_NOT_MET'));
    await db().execute(sql`INSERT INTO user_vip (user_id, exp, grade) VALUES (${p.id}, 0, 2)`);
    expect(await join(p, room.id, pwd)).toEqual(refused('GIVEAWAY_DEPOSIT_NOT_MET'));
    const deposit = (fen: number, finished: string, state = 1) =>
      db()
        .execute(sql`INSERT INTO deposit_orders (order_no, user_id, channel_id, currency, amount_minor, credit_fen, state, expires_at, finished_at)
        VALUES (${`GA${p.id}-${fen}-${state}-${finished}`}, ${p.id}, 1, 'CNY', ${fen}, ${fen}, ${state}, now(), ${finished}::timestamptz)`);
    // Before the window, unpaid, and inside it: only the paid one inside counts.
    await deposit(9_000, new Date(Date.now() - 7_200_000).toISOString());
    await deposit(9_000, new Date().toISOString(), 2);
    await deposit(3_000, new Date().toISOString());
    expect((await detail(room.id, p)).eligibility).toMatchObject({ vip: true, deposit: false, depositSoFar: 3_000 });
    expect(await join(p, room.id, pwd)).toEqual(refused('GIVEAWAY_DEPOSIT_NOT_MET'));
    await deposit(2_000, new Date().toISOString());
    expect(await join(p, room.id)).toEqual(refused('GIVEAWAY_PASSWORD_WRONG'));
    expect(await join(p, room.id, wrong)).toEqual(refused('GIVEAWAY_PASSWORD_WRONG'));
    expect(await join(p, room.id, pwd)).toMatchObject({ status: 0, data: true });
    expect(await detail(room.id, p)).toMatchObject({ joinFlag: true, eligibility: { deposit: true, depositSoFar: 5_000 } });
  });

  it('refuses after the open time, in a cancelled room and in no room', async () => {
    const host = await player();
    const late = await ownRoom(host, 1);
    await db().execute(sql`UPDATE giveaways SET open_time = now() - interval '1 second' WHERE id = ${late.id}`);
    const p = await player();
    expect(await join(p, late.id)).toEqual(refused('GIVEAWAY_ENDED'));
    const cancelled = await ownRoom(host, 1);
    expect((await call(t.app, 'POST', '/api/giveaway/cancel', { giveawayId: cancelled.id }, host.token)).status).toBe(0);
    expect(await join(p, cancelled.id)).toEqual(refused('GIVEAWAY_CANCELLED'));
    expect(await join(p, 99_999_999)).toEqual(refused('GIVEAWAY_NOT_FOUND'));
    expect((await join(p, 0)).status).toBe(1001);
  });
});

describe('cancel', () => {
  it('the creator only, only while nobody has joined; the items go back and the seed stays hidden', async () => {
    const host = await player();
    const vouchers = await giveItems(host, 2);
    const room = (await create(host, { vouchers: vouchers.join(',') })).data;
    const other = await player();
    const cancel = (p: Player, giveawayId = room.id) => call(t.app, 'POST', '/api/giveaway/cancel', { giveawayId }, p.token);
    expect(await cancel(other)).toEqual(refused('GIVEAWAY_NOT_CREATOR'));
    const before = t.published.length;
    const res = await cancel(host);
    expect(res.data).toMatchObject({ state: 3, serverSeed: null, secretSalt: null });
    expect(Object.values(await inventoryStates(vouchers))).toEqual([
      { state: 'in_backpack', userId: host.id },
      { state: 'in_backpack', userId: host.id },
    ]);
    // This room's events only: an earlier test's room may still send its trailing throttled publish.
    const roomEvents = t.published.slice(before).filter((m) => m.eventType === EventType.GIVEAWAY_STATE && (m.data as Json).id === room.id);
    expect(roomEvents).toHaveLength(1);
    expect(await cancel(host)).toEqual(refused('GIVEAWAY_NOT_RUNNING'));
    const joined = await ownRoom(host, 1);
    await join(other, joined.id);
    expect(await cancel(host, joined.id)).toEqual(refused('GIVEAWAY_HAS_ENTRIES'));
    const [line] = await stockLines(1);
    expect(await cancel(host, await official({ stockIds: [line!.id] }))).toEqual(refused('GIVEAWAY_NOT_CREATOR'));
    expect(await cancel(host, 99_999_999)).toEqual(refused('GIVEAWAY_NOT_FOUND'));
  });
});

describe('freeze and draw', () => {
  it('an official room: entries frozen and hashed, winners re-derivable from published data, prizes credited once', async () => {
    const lines = await stockLines(2);
    const stockIds = [lines[0]!.id, lines[1]!.id, lines[0]!.id];
    const id = await official({ stockIds, title: '官方开奖' });
    const stockAfterCreate = [await stockOf(lines[0]!.id), await stockOf(lines[1]!.id)];
    const players = await Promise.all(Array.from({ length: 5 }, () => player()));
    for (const p of players) expect((await join(p, id)).status).toBe(0);

    const before = t.published.length;
    expect(await freeze(id)).toBe('frozen');
    const frozen = await detail(id);
    // Before the draw the list names no user ids (issue 24 §14); they come out with the draw, below.
    const frozenEntries = (await call(t.app, 'GET', '/api/giveaway/partakeList', { giveawayId: id })).data as Json[];
    expect(frozenEntries.map((e) => [e.entryNo, e.userId])).toEqual([1, 2, 3, 4, 5].map((n) => [n, null]));
    expect(frozen).toMatchObject({ state: 1, entryCount: 5, entriesHash: expect.stringMatching(/^[0-9a-f]{64}$/), serverSeed: null });
    expect(t.published.slice(before).map((m) => m.eventType)).toEqual([EventType.GIVEAWAY_STATE]);
    // Frozen: no join now, even before the clock says so.
    expect(await join(await player(), id)).toEqual(refused('GIVEAWAY_ENDED'));
    expect(await freeze(id)).toBe('skipped');

    expect(await draw(id)).toBe('drawn');
    const room = await detail(id);
    expect(room).toMatchObject({ state: 2, beaconSource: 'local', randomness: localBeaconRandomness(room.targetRound) });
    expect(publicHash(room.serverSeed, room.secretSalt)).toBe(frozen.publicHash);
    const entries = (await call(t.app, 'GET', '/api/giveaway/partakeList', { giveawayId: id })).data as Json[];
    expect(giveawayEntriesHash(entries)).toBe(frozen.entriesHash);
    const trace = giveawayDraw(
      room.serverSeed,
      { giveawayId: id, round: room.targetRound, randomness: room.randomness, entriesHash: room.entriesHash },
      room.entryCount,
      room.giftCount,
    );
    const userOf = new Map(entries.map((e) => [e.entryNo as number, e.userId as number]));
    expect(room.giftVos.map((g: Json) => [g.winnerEntryNo, g.winnerInfo.id])).toEqual(trace.winners.map((n) => [n, userOf.get(n)]));
    // Each winner's backpack holds exactly the prizes they won; the stock is not given back.
    for (const p of players) {
      const won = room.giftVos.filter((g: Json) => g.winnerInfo.id === p.id);
      const bag = await backpack(p);
      expect(bag.pageData.map((o: Json) => o.giftId).sort()).toEqual(won.map((g: Json) => g.giftId).sort());
      for (const o of bag.pageData) expect(o.sourceType).toBe('giveaway');
    }
    expect([await stockOf(lines[0]!.id), await stockOf(lines[1]!.id)]).toEqual(stockAfterCreate);
    const winners = (await call(t.app, 'GET', '/api/giveaway/winnerList', { giveawayId: id })).data as Json[];
    expect(winners.flatMap((w) => w.giftVos).length).toBe(3);
    const firstWinner = room.giftVos[0].winnerInfo.id;
    const [msg] = await queryRows<{ title: string; content: string }>(
      db(),
      sql`SELECT title, content FROM messages WHERE user_id = ${firstWinner} ORDER BY id DESC LIMIT 1`,
    );
    expect(msg).toMatchObject({ title: '福利屋中奖通知', content: expect.stringContaining('官方开奖') });
    // Drawn once: a second run changes nothing.
    expect(await draw(id)).toBe('skipped');
    const [granted] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM inventory_items WHERE source_type = 'giveaway' AND source_id = ${id}`,
    );
    expect(toInt(granted?.n)).toBe(3);
    await expectBooksBalanced(db());
  });

  it('an own room with fewer entries than prizes: the unwon prize goes back; item counts stay balanced', async () => {
    const host = await player();
    const vouchers = await giveItems(host, 3);
    const room = (await create(host, { vouchers: vouchers.join(',') })).data;
    const [a, b] = [await player(), await player()];
    await join(a, room.id);
    await join(b, room.id);
    const counts = await liveItems();
    expect(await draw(room.id)).toBe('drawn');
    expect(await liveItems()).toEqual(counts);
    const drawn = await detail(room.id);
    const won = drawn.giftVos.filter((g: Json) => g.winnerInfo !== null);
    expect(won.map((g: Json) => g.position)).toEqual([1, 2]);
    expect(new Set(won.map((g: Json) => g.winnerInfo.id))).toEqual(new Set([a.id, b.id]));
    const states = await inventoryStates(vouchers);
    const back = Object.values(states).filter((s) => s.state === 'in_backpack');
    expect(back).toEqual([{ state: 'in_backpack', userId: host.id }]);
    expect(Object.values(states).filter((s) => s.state === 'used')).toHaveLength(2);
    expect((await backpack(a)).totalRows + (await backpack(b)).totalRows).toBe(2);
    // Masked names in the public lists.
    expect(won[0].winnerInfo.nickname).toContain('***');
  });

  it('no entries: nothing to draw, no beacon needed; own items go back and official stock is restocked', async () => {
    const host = await player();
    const vouchers = await giveItems(host, 2);
    const room = (await create(host, { vouchers: vouchers.join(',') })).data;
    expect(await freeze(room.id)).toBe('closed');
    expect(await detail(room.id)).toMatchObject({ state: 2, entryCount: 0, randomness: null });
    expect((await detail(room.id)).serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(await inventoryStates(vouchers)).map((s) => s.state)).toEqual(['in_backpack', 'in_backpack']);
    const [line] = await stockLines(1);
    const stock = await stockOf(line!.id);
    const id = await official({ stockIds: [line!.id, line!.id] });
    expect(await stockOf(line!.id)).toBe(stock - 2);
    expect(await draw(id, silentBeacon)).toBe('closed');
    expect(await stockOf(line!.id)).toBe(stock);
  });

  it('waits for a late beacon and never uses another round', async () => {
    const host = await player();
    const room = await ownRoom(host, 1);
    const p = await player();
    await join(p, room.id);
    await expect(draw(room.id, silentBeacon)).rejects.toThrow(/not available yet/);
    expect(await detail(room.id)).toMatchObject({ state: 1, entriesHash: null });
    const wrongRound: BeaconProvider = {
      source: 'local',
      fetchRound: async (r) => ({ round: r + 1, randomness: localBeaconRandomness(r + 1), signature: null, source: 'local' }),
    };
    await expect(draw(room.id, wrongRound)).rejects.toThrow(/not available yet/);
    expect(await draw(room.id)).toBe('drawn');
    expect((await detail(room.id)).randomness).toBe(localBeaconRandomness(room.targetRound));
  });

  it('a draw that dies before commit leaves nothing behind, and the retried job draws exactly once', async () => {
    const host = await player();
    const room = await ownRoom(host, 2);
    const players = [await player(), await player(), await player()];
    for (const p of players) await join(p, room.id);
    await db().execute(sql`UPDATE giveaways SET open_time = now() - interval '1 second' WHERE id = ${room.id}`);
    await db().execute(sql`UPDATE jobs SET run_at = now() + interval '1 day' WHERE state = 'pending'`);
    await db().execute(
      sql`UPDATE jobs SET run_at = now() WHERE kind = ${GIVEAWAY_DRAW_JOB} AND payload->>'giveawayId' = ${String(room.id)}`,
    );
    const quiet = { info() {}, warn() {}, error() {} };
    const handler = giveawayDrawJob(deps());
    const dying = createJobRunner({ db: db(), logger: quiet, pollMs: 1_000_000, backoffBaseMs: 0 });
    dying.register(GIVEAWAY_DRAW_JOB, async (payload, scope, job) => {
      await handler(payload, scope, job);
      throw new Error('killed before commit');
    });
    expect(await dying.runOnce()).toBe(1);
    expect(await detail(room.id)).toMatchObject({ state: 1, entriesHash: null });
    const restarted = createJobRunner({ db: db(), logger: quiet, pollMs: 1_000_000 });
    restarted.register(GIVEAWAY_DRAW_JOB, handler);
    expect(await restarted.runOnce()).toBe(1);
    expect(await restarted.runOnce()).toBe(0);
    const drawn = await detail(room.id);
    expect(drawn).toMatchObject({ state: 2, entryCount: 3 });
    let bags = 0;
    for (const p of players) bags += (await backpack(p)).totalRows;
    expect(bags).toBe(2);
  });
});

describe('lists and demo rooms', () => {
  it('pages by type and state, the home list, the prize list; "joined" needs a session', async () => {
    const host = await player();
    const own = await ownRoom(host, 1);
    const [line] = await stockLines(1);
    const off = await official({ stockIds: [line!.id] });
    const p = await player();
    await join(p, own.id);
    const page = (params: Record<string, unknown>, who?: Player) => call(t.app, 'GET', '/api/giveaway/page', params, who?.token);
    const officialIds = (await page({ type: 1, pageSize: 100 })).data.pageData.map((r: Json) => r.id);
    expect(officialIds).toContain(off);
    expect(officialIds).not.toContain(own.id);
    const others = (await page({ type: 2, state: 1, pageSize: 100 })).data.pageData;
    expect(others.map((r: Json) => r.id)).toContain(own.id);
    expect(others.every((r: Json) => r.state === 1 && r.roomType !== 1)).toBe(true);
    expect((await page({ type: 0 })).status).toBe(401);
    const mine = (await page({ type: 0 }, p)).data;
    expect(mine.pageData.map((r: Json) => [r.id, r.joinFlag])).toEqual([[own.id, true]]);
    expect((await page({ type: 1, state: 2 })).data.pageData.every((r: Json) => r.state === 2)).toBe(true);
    expect((await page({ type: 3 })).status).toBe(1001);
    const home = (await call(t.app, 'GET', '/api/giveaway/listHostGiveaway')).data;
    expect(home.length).toBeGreaterThan(0);
    expect(home.every((r: Json) => r.state === 1)).toBe(true);
    const gifts = (await call(t.app, 'GET', '/api/giveaway/giftList', { giveawayId: own.id })).data;
    expect(gifts).toEqual(own.giftVos);
    expect(await call(t.app, 'GET', '/api/giveaway/detail', { giveawayId: 99_999_999 })).toEqual(refused('GIVEAWAY_NOT_FOUND'));
    expect(await call(t.app, 'GET', '/api/giveaway/partakeList', { giveawayId: 99_999_999 })).toEqual(refused('GIVEAWAY_NOT_FOUND'));
  });

  it('one demo official room at a time; its close opens the next', async () => {
    const first = await ensureDemoGiveaway(db());
    expect(first).not.toBeNull();
    expect(await ensureDemoGiveaway(db())).toBeNull();
    const room = await detail(first!);
    expect(room).toMatchObject({ roomType: 1, state: 1, giftCount: 2 });
    expect(Date.parse(room.openTime) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await draw(first!)).toBe('closed');
    const [next] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM giveaways WHERE demo AND state = 'running'`);
    expect(toInt(next?.id)).toBeGreaterThan(first!);
  });

  it('masks nicknames', () => {
    expect(maskNickname('玩家123488')).toBe('玩***88');
    expect(maskNickname('阿')).toBe('阿***');
    expect(maskNickname('abc')).toBe('a***');
  });
});

describe('official rooms: one entry per device and per real-name identity (decision 0016)', () => {
  it('takes one account per device into an official room; a creator-funded room on the same device takes both', async () => {
    const [line] = await stockLines(1);
    const id = await official({ stockIds: [line!.id] });
    const device = newDevice();
    const [a, b] = [await player(), await player()];
    expect(await joinFrom(a, id, device)).toMatchObject({ status: 0, data: true });
    expect(await joinFrom(b, id, device)).toEqual(refused('GIVEAWAY_DEVICE_JOINED'));
    expect(await entryCount(id)).toBe(1);
    expect(await detail(id, b)).toMatchObject({ joinFlag: false, userCount: 1 });
    // A room a streamer or a player funds from their own backpack is theirs to fill as they set it.
    const room = await ownRoom(await player(), 1);
    expect((await joinFrom(a, room.id, device)).status).toBe(0);
    expect((await joinFrom(b, room.id, device)).status).toBe(0);
    expect((await joinFrom(b, id, newDevice())).status).toBe(0);
  });

  it('refuses the same person on another account and another device', async () => {
    const [line] = await stockLines(1);
    const id = await official({ stockIds: [line!.id] });
    const [a, b] = [await player(), await player()];
    const person = `giveaway-id-${process.pid}-${a.id}`;
    await db().execute(sql`UPDATE users SET id_card_hash = ${person} WHERE id = ${a.id}`);
    expect((await joinFrom(a, id, newDevice())).status).toBe(0);
    // The ID number is freed from the first account (an operator unbinding it) and verified on the second.
    await db().execute(sql`UPDATE users SET id_card_hash = NULL WHERE id = ${a.id}`);
    await db().execute(sql`UPDATE users SET id_card_hash = ${person} WHERE id = ${b.id}`);
    expect(await joinFrom(b, id, newDevice())).toEqual(refused('GIVEAWAY_IDENTITY_JOINED'));
    expect(await entryCount(id)).toBe(1);
  });
});

describe.skipIf(!usingPostgres())('giveaways under concurrency (PostgreSQL)', () => {
  it('500 concurrent joins: each user once, entry numbers 1..500 with no gap, counts exact', async () => {
    const host = await player();
    const room = await ownRoom(host, 3);
    // Made 50 at a time: the setup is not what races here, and 500 at once wait past the pool's 2 s.
    const players: Player[] = [];
    for (let i = 0; i < 10; i++) players.push(...(await Promise.all(Array.from({ length: 50 }, () => player()))));
    // 50 of them send their join twice at once: one of the two gets in.
    const twice = players.slice(0, 50);
    // A join that waited past the pool's 2 s answers "busy, retry" (1008) having written nothing, and a
    // client retries it: on a loaded machine many do, and each retry must still end as one entry.
    const joinRetryingBusy = async (p: Player): Promise<Json> => {
      for (let attempt = 0; ; attempt++) {
        const answer = await join(p, room.id);
        if (answer.status !== 1008 || attempt === 30) return answer;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
      }
    };
    const results = await Promise.all([...players, ...twice].map(joinRetryingBusy));
    expect(results.filter((r) => r.status === 0)).toHaveLength(500);
    expect(results.filter((r) => r.status !== 0)).toEqual(Array.from({ length: 50 }, () => refused('GIVEAWAY_ALREADY_JOINED')));
    const rows = await queryRows<{ entry_no: unknown; user_id: unknown }>(
      db(),
      sql`SELECT entry_no, user_id FROM giveaway_entries WHERE giveaway_id = ${room.id} ORDER BY entry_no`,
    );
    expect(rows.map((r) => toInt(r.entry_no))).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => toInt(r.user_id))).size).toBe(500);
    expect(await detail(room.id)).toMatchObject({ userCount: 500 });
    // Joins publish at most once a second per room: far fewer events than joins.
    const events = t.published.filter((m) => m.eventType === EventType.GIVEAWAY_STATE && (m.data as Json).id === room.id);
    expect(events.length).toBeLessThan(50);
  }, 120_000);

  it('two accounts on one device joining an official room at once: exactly one entry', async () => {
    const [line] = await stockLines(1);
    for (let round = 0; round < 3; round++) {
      const id = await official({ stockIds: [line!.id] });
      const device = newDevice();
      const players = [await player(), await player()];
      const results = await Promise.all(players.map((p) => joinFrom(p, id, device)));
      expect(results.map((r) => r.status).sort()).toEqual([0, refused('GIVEAWAY_DEVICE_JOINED').status]);
      expect(await entryCount(id)).toBe(1);
    }
  });

  it('two draws at once: the room is drawn once, the prizes credited once, escrow spent once', async () => {
    for (let i = 0; i < 3; i++) {
      const host = await player();
      const vouchers = await giveItems(host, 2);
      const room = (await create(host, { vouchers: vouchers.join(',') })).data;
      const players = await Promise.all(Array.from({ length: 4 }, () => player()));
      for (const p of players) await join(p, room.id);
      const counts = await liveItems();
      const outcomes = await Promise.all([draw(room.id), draw(room.id)]);
      expect(outcomes.sort()).toEqual(['drawn', 'skipped']);
      expect(await liveItems()).toEqual(counts);
      const [granted] = await queryRows<{ n: unknown }>(
        db(),
        sql`SELECT count(*) AS n FROM inventory_items WHERE source_type = 'giveaway' AND source_id = ${room.id}`,
      );
      expect(toInt(granted?.n)).toBe(2);
      expect(Object.values(await inventoryStates(vouchers)).map((s) => s.state)).toEqual(['used', 'used']);
    }
    await expectBooksBalanced(db());
  });

  it('cancel racing joins: one outcome, the escrow neither lost nor duplicated', async () => {
    for (let i = 0; i < 5; i++) {
      const host = await player();
      const vouchers = await giveItems(host, 2);
      const room = (await create(host, { vouchers: vouchers.join(',') })).data;
      const joiners = await Promise.all(Array.from({ length: 5 }, () => player()));
      const [cancelled, ...joined] = await Promise.all([
        call(t.app, 'POST', '/api/giveaway/cancel', { giveawayId: room.id }, host.token),
        ...joiners.map((p) => join(p, room.id)),
      ]);
      const states = Object.values(await inventoryStates(vouchers)).map((s) => s.state);
      const d = await detail(room.id);
      if (cancelled!.status === 0) {
        expect(joined.every((r) => r.status === refused('GIVEAWAY_CANCELLED').status)).toBe(true);
        expect({ state: d.state, userCount: d.userCount, states }).toEqual({
          state: 3,
          userCount: 0,
          states: ['in_backpack', 'in_backpack'],
        });
      } else {
        expect(cancelled).toEqual(refused('GIVEAWAY_HAS_ENTRIES'));
        expect({ state: d.state, states }).toEqual({ state: 1, states: ['escrowed', 'escrowed'] });
        expect(d.userCount).toBe(joined.filter((r) => r.status === 0).length);
      }
    }
  });
});
