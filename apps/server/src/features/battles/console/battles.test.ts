import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { expectBooksBalanced } from '../../../testing/factories.js';
import { call, refused } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator, pendingOperatorToken } from '../../../testing/operators.js';
import { usingPostgres } from '../../../testing/test-db.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { gamesConsole } from '../../../testing/games-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const {
  db,
  BOX,
  A,
  operations,
  as,
  player,
  auditRows,
  auditCount,
  boxPrice,
  wallet,
  createBattle,
  joinBattle,
  stockLine,
  roomCount,
  inMinutes,
} = gamesConsole(() => t, 'console-battles');

describe('who may call /api/admin/games/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the permission; support only reads', async () => {
    const p = await player(await boxPrice());
    const battle = await createBattle(p);
    const line = await stockLine();
    const content = await givenOperator(t.app, db(), 'content');
    const support = await givenOperator(t.app, db(), 'support');
    const pending = await pendingOperatorToken(t.app, db(), 'games-pending');
    const calls = [
      { method: 'GET' as const, url: `${A}/battles`, params: {}, write: false },
      { method: 'GET' as const, url: `${A}/battles/detail`, params: { id: battle.id }, write: false },
      {
        method: 'POST' as const,
        url: `${A}/battles/cancel`,
        params: { id: battle.id, reason: '测试原因' },
        write: true,
      },
      { method: 'GET' as const, url: `${A}/giveaways`, params: {}, write: false },
      { method: 'GET' as const, url: `${A}/giveaways/stock`, params: {}, write: false },
      {
        method: 'POST' as const,
        url: `${A}/giveaways/create`,
        params: { title: '权限测试', openTime: inMinutes(30), stockIds: [line.id] },
        write: true,
      },
      { method: 'GET' as const, url: `${A}/dream`, params: {}, write: false },
      {
        method: 'POST' as const,
        url: `${A}/dream`,
        params: {
          minProbability: 5000,
          maxProbability: 75000,
          returnRateBp: 9000,
          minTargetPriceFen: 100,
          maxTargetPriceFen: 10_000_000,
        },
        write: true,
      },
      { method: 'GET' as const, url: `${A}/bots`, params: {}, write: false },
      {
        method: 'POST' as const,
        url: `${A}/bots/update`,
        params: { id: 1, nickname: '改名机器人' },
        write: true,
      },
    ];
    const before = await auditCount();
    const rooms = await roomCount();
    for (const c of calls) {
      const with_ = (headers: { adminToken?: string; playerToken?: string }) => adminCall(t.app, c.method, c.url, c.params, headers);
      expect((await with_({})).status, `${c.url} guest`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await with_({ playerToken: p.token })).status, `${c.url} player`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await with_({ adminToken: p.token })).status, `${c.url} player as admin`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await with_({ adminToken: pending })).status, `${c.url} pending`).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
      expect((await with_({ adminToken: content.token })).status, `${c.url} content`).toBe(errorStatus('ADMIN_FORBIDDEN'));
      // support holds games.read, not games.write.
      expect((await with_({ adminToken: support.token })).status, `${c.url} support`).toBe(c.write ? errorStatus('ADMIN_FORBIDDEN') : 0);
    }
    expect(await auditCount()).toBe(before);
    expect(await roomCount()).toBe(rooms);
    expect((await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode: battle.code })).data.state).toBe(0);
  });
});

describe('battles monitor', () => {
  it('lists battles by state, mode and player, and shows one battle’s seats, boxes and payments', async () => {
    const op = await operations();
    const price = await boxPrice();
    const a = await player(price);
    const mine = await createBattle(a);
    const other = await createBattle(await player(price), 2);
    await call(
      t.app,
      'POST',
      '/api/battle/joinBot',
      { battleCode: (await createBattle(await player(price), 2)).code },
      (await player()).token,
    );

    const byPlayer = (await as(op, 'GET', `${A}/battles`, { playerId: a.id })).data;
    expect(byPlayer.totalRows).toBe(1);
    expect(byPlayer.pageData[0]).toMatchObject({
      id: mine.id,
      state: 'waiting',
      seats: 3,
      seatsTaken: 1,
      entryPriceFen: price,
      creatorId: a.id,
      cancellable: true,
    });
    const waiting = (await as(op, 'GET', `${A}/battles`, { state: 'waiting', mode: 0, pageSize: 100 })).data;
    expect(waiting.pageData.map((b: { id: number }) => b.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
    expect((await as(op, 'GET', `${A}/battles`, { mode: 1 })).data.pageData.map((b: { id: number }) => b.id)).not.toContain(mine.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await as(op, 'GET', `${A}/battles`, { playerId: a.id, from: today, to: today })).data.totalRows).toBe(1);
    expect((await as(op, 'GET', `${A}/battles`, { playerId: a.id, to: '2000-01-01' })).data.totalRows).toBe(0);

    const detail = (await as(op, 'GET', `${A}/battles/detail`, { id: mine.id })).data;
    expect(detail.battle.id).toBe(mine.id);
    expect(detail.boxes).toEqual([expect.objectContaining({ round: 1, boxId: BOX, priceFen: price })]);
    expect(detail.seats).toEqual([
      expect.objectContaining({
        seat: 1,
        userId: a.id,
        coinFen: price,
        pointFen: 0,
        totalFen: 0,
        winner: false,
      }),
    ]);
    expect(detail.rolls).toEqual([]);
    expect(JSON.stringify(detail)).not.toMatch(/serverSeed|secretSalt/);

    expect(await as(op, 'GET', `${A}/battles/detail`, { id: 99_999_999 })).toEqual(refused('BATTLE_NOT_FOUND'));
    expect((await as(op, 'GET', `${A}/battles`, { state: 'nonsense' })).status).toBe(errorStatus('PARAM_INVALID'));
  });

  it('cancels a waiting battle: every paid seat gets back exactly what it paid, once, with one audit row', async () => {
    const op = await operations();
    const price = await boxPrice();
    const a = await player(price);
    const b = await player(Math.floor(price / 2), price); // pays coins first, then points
    const battle = await createBattle(a);
    expect((await joinBattle(b, battle.code)).status).toBe(0);
    expect([await wallet(a), await wallet(b)]).toEqual([
      { coins: 0, points: 0 },
      { coins: 0, points: price - Math.floor(price / 2) },
    ]);
    const audits = await auditCount();

    // Bad input: no reason, an unknown battle. Nothing is written.
    const noReason = await as(op, 'POST', `${A}/battles/cancel`, { id: battle.id, reason: ' ' });
    expect(noReason.status).toBe(errorStatus('PARAM_INVALID'));
    expect(noReason.msg).toMatch(/原因/);
    expect(await as(op, 'POST', `${A}/battles/cancel`, { id: 99_999_999, reason: '测试取消' })).toEqual(refused('BATTLE_NOT_FOUND'));
    expect(await auditCount()).toBe(audits);

    const cancelled = await as(op, 'POST', `${A}/battles/cancel`, {
      id: battle.id,
      reason: '玩家投诉，房间标题违规',
    });
    expect(cancelled.status).toBe(0);
    expect(cancelled.data.battle).toMatchObject({ state: 'cancelled', cancellable: false });
    expect(cancelled.data.refundedCoinFen + cancelled.data.refundedPointFen).toBe(2 * price);
    expect([await wallet(a), await wallet(b)]).toEqual([
      { coins: price, points: 0 },
      { coins: Math.floor(price / 2), points: price },
    ]);
    expect((await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode: battle.code })).data.state).toBe(3);

    const rows = await auditRows('battle.cancel');
    const row = rows.find((r) => r.target_id === String(battle.id))!;
    expect(row).toMatchObject({
      before: { state: 'waiting', seatsTaken: 2 },
      after: { state: 'cancelled', reason: '玩家投诉，房间标题违规' },
    });
    expect(toInt(row.operator_id)).toBe(op.id);
    expect(await auditCount()).toBe(audits + 1);
    const memos = await queryRows<{ memo: string | null }>(
      db(),
      sql`SELECT memo FROM ledger_transfers WHERE code = 'battle_refund' AND ref_id = ${String(battle.id)}`,
    );
    expect(memos.length).toBe(3); // a's coins; b's coins and points
    expect(memos.every((m) => m.memo?.includes('玩家投诉'))).toBe(true);

    // Exactly once: a second cancel, the creator's cancel and a late join change nothing.
    expect(await as(op, 'POST', `${A}/battles/cancel`, { id: battle.id, reason: '再次取消' })).toEqual(refused('BATTLE_NOT_WAITING'));
    expect(await call(t.app, 'POST', '/api/battle/cancel', { battleCode: battle.code }, a.token)).toEqual(refused('BATTLE_NOT_WAITING'));
    expect(await joinBattle(await player(price), battle.code)).toEqual(refused('BATTLE_NOT_WAITING'));
    expect([await wallet(a), await wallet(b)]).toEqual([
      { coins: price, points: 0 },
      { coins: Math.floor(price / 2), points: price },
    ]);
    expect(await auditCount()).toBe(audits + 1);
    await expectBooksBalanced(db());
  });

  it('refuses to cancel once the seats are locked for the draw, and after it', async () => {
    const op = await operations();
    const price = await boxPrice();
    const a = await player(price);
    const b = await player(price);
    const battle = await createBattle(a, 2);
    expect((await joinBattle(b, battle.code)).status).toBe(0);
    const listed = (await as(op, 'GET', `${A}/battles`, { playerId: a.id })).data.pageData[0];
    expect(listed).toMatchObject({ state: 'running', cancellable: false });
    const audits = await auditCount();
    expect(await as(op, 'POST', `${A}/battles/cancel`, { id: battle.id, reason: '开奖前取消' })).toEqual(refused('BATTLE_NOT_WAITING'));
    expect([await wallet(a), await wallet(b)]).toEqual([
      { coins: 0, points: 0 },
      { coins: 0, points: 0 },
    ]);
    expect(await auditCount()).toBe(audits);
    await expectBooksBalanced(db());
  });
});

// PGlite has one connection and cannot race; the battle row lock is proven on PostgreSQL.
describe.skipIf(!usingPostgres())('battle cancel under concurrency (PostgreSQL)', () => {
  it('an operator’s cancel racing the join that fills the room: one outcome, no money made or lost', async () => {
    const op = await operations();
    const price = await boxPrice();
    for (let i = 0; i < 5; i++) {
      const [a, b] = [await player(price), await player(price)];
      const battle = await createBattle(a, 2);
      const [cancelled, joined] = await Promise.all([
        as(op, 'POST', `${A}/battles/cancel`, { id: battle.id, reason: '并发取消' }),
        joinBattle(b, battle.code),
      ]);
      expect([cancelled.status, joined.status].filter((s) => s === 0)).toHaveLength(1);
      const state = (await call(t.app, 'GET', '/api/battle/getBattleDetail', { battleCode: battle.code })).data.state;
      if (cancelled.status === 0) {
        expect(state).toBe(3);
        expect(joined).toEqual(refused('BATTLE_NOT_WAITING'));
        expect([await wallet(a), await wallet(b)]).toEqual([
          { coins: price, points: 0 },
          { coins: price, points: 0 },
        ]);
      } else {
        expect(cancelled).toEqual(refused('BATTLE_NOT_WAITING'));
        expect(state).toBe(1);
        expect([await wallet(a), await wallet(b)]).toEqual([
          { coins: 0, points: 0 },
          { coins: 0, points: 0 },
        ]);
      }
    }
    await expectBooksBalanced(db());
  });

  it('ten cancels at once refund each seat once and write one audit row', async () => {
    const op = await operations();
    const price = await boxPrice();
    const a = await player(price);
    const battle = await createBattle(a);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => as(op, 'POST', `${A}/battles/cancel`, { id: battle.id, reason: '并发取消' })),
    );
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 0).every((r) => r.status === errorStatus('BATTLE_NOT_WAITING'))).toBe(true);
    expect(await wallet(a)).toEqual({ coins: price, points: 0 });
    expect((await auditRows('battle.cancel')).filter((r) => r.target_id === String(battle.id))).toHaveLength(1);
    await expectBooksBalanced(db());
  });
});

describe('bots', () => {
  it('lists the bots, renames one, sets its picture and disables it, each with one audit row', async () => {
    const op = await operations();
    const list = (await as(op, 'GET', `${A}/bots`)).data;
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list[0]).toMatchObject({ id: 1, enabled: true });
    const audits = await auditCount();

    const renamed = await as(op, 'POST', `${A}/bots/update`, {
      id: 2,
      nickname: '机器人·新名字',
      headPic: '/img/bots/2.png',
    });
    expect(renamed.status).toBe(0);
    expect(renamed.data.find((b: { id: number }) => b.id === 2)).toMatchObject({
      nickname: '机器人·新名字',
      headPic: '/img/bots/2.png',
      enabled: true,
    });
    const disabled = await as(op, 'POST', `${A}/bots/update`, { id: 2, enabled: false });
    expect(disabled.data.find((b: { id: number }) => b.id === 2)).toMatchObject({ enabled: false });
    const rows = (await auditRows('bot.update')).filter((r) => r.target_id === '2');
    expect(rows.at(-1)).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(await auditCount()).toBe(audits + 2);

    // A disabled bot is not offered to players and cannot be seated; the others still can.
    const bots = (await call(t.app, 'POST', '/api/battle/getBots')).data as Array<{ botId: number }>;
    expect(bots.map((b) => b.botId)).not.toContain(2);
    const a = await player(await boxPrice());
    const battle = await createBattle(a);
    expect(await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: battle.code, botId: 2 }, a.token)).toEqual(
      refused('BATTLE_BOT_UNAVAILABLE'),
    );
    const seated = await call(t.app, 'POST', '/api/battle/joinBot', { battleCode: battle.code }, a.token);
    expect(seated.data.customerList.map((c: { botId: number | null }) => c.botId)).not.toContain(2);

    expect((await as(op, 'POST', `${A}/bots/update`, { id: 2, enabled: true })).status).toBe(0);
    expect(((await call(t.app, 'POST', '/api/battle/getBots')).data as Array<{ botId: number }>).map((b) => b.botId)).toContain(2);
  });

  it('refuses a bad change and writes nothing', async () => {
    const op = await operations();
    const before = (await as(op, 'GET', `${A}/bots`)).data;
    const audits = await auditCount();
    for (const params of [
      { id: 1 },
      { id: 1, nickname: 'x' },
      { id: 1, headPic: 'javascript:alert(1)' },
      { id: 1, enabled: 'maybe' },
      { id: 0, enabled: true },
    ]) {
      const res = await as(op, 'POST', `${A}/bots/update`, params);
      expect(res.status, JSON.stringify(params)).toBe(errorStatus('PARAM_INVALID'));
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await as(op, 'POST', `${A}/bots/update`, { id: 999, enabled: false })).toEqual(refused('BATTLE_BOT_UNAVAILABLE'));
    expect((await as(op, 'GET', `${A}/bots`)).data).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});
