import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { roundAt } from '@skinfair/fairness';
import { EventType } from '@skinfair/contract';
import { call, refused } from '../../testing/auth-helpers.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { setStreamer } from './repo.js';
import {
  t,
  db,
  type Json,
  type Player,
  player,
  giveItems,
  inMinutes,
  create,
  join,
  joinFrom,
  newDevice,
  entryCount,
  detail,
  ownRoom,
  stockLines,
  stockOf,
  official,
  inventoryStates,
  backpack,
} from './giveaways-fixture.js';

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
