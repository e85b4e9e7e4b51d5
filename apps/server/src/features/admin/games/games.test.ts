import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dreamFee } from '@skinfair/fairness';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call, refused } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator, OPERATOR_PASSWORD } from '../../../testing/operators.js';
import { usingPostgres } from '../../../testing/test-db.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { getBalances } from '../../../platform/ledger/index.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { grantItems } from '../../backpack/index.js';
import { currentDreamSettings, DREAM_SETTINGS_TTL_MS, forgetDreamSettings, saveDreamSettings } from '../../dream/index.js';
import { createHasher } from '../../../platform/secret.js';
import { createSandboxOfficialGiveaway } from '../../giveaways/index.js';
import { createOperator } from '../service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const BOX = 1;
const A = '/api/admin/games';

type Op = Awaited<ReturnType<typeof givenOperator>>;
let opsCounter = 0;
const operations = () => givenOperator(t.app, db(), 'operations', `games-ops-${++opsCounter}`);
const as = (op: Op, method: 'GET' | 'POST', url: string, params: Record<string, unknown> = {}) =>
  adminCall(t.app, method, url, params, { adminToken: op.token });

async function player(coinsFen = 0, pointsFen = 0) {
  const user = await givenUser(db(), { coinsFen, pointsFen });
  await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  return { id: user.id, token: await givenSession(db(), user.id) };
}
type Player = Awaited<ReturnType<typeof player>>;

const auditRows = async (action?: string) =>
  queryRows<{
    action: string;
    target_id: string | null;
    before: unknown;
    after: unknown;
    operator_id: unknown;
  }>(
    db(),
    action
      ? sql`SELECT action, target_id, before, after, operator_id FROM audit_log WHERE action = ${action} ORDER BY id`
      : sql`SELECT action, target_id, before, after, operator_id FROM audit_log ORDER BY id`,
  );
const auditCount = async () => (await auditRows()).length;
const boxPrice = async () => (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: BOX })).data.openPrice as number;
const wallet = async (p: Player) => {
  const b = await getBalances(db(), p.id);
  return { coins: b.coinFen, points: b.pointFen };
};
const createBattle = async (p: Player, seats = 3) => {
  const res = await call(t.app, 'POST', '/api/battle/create', { boxLists: `${BOX}`, countCustomer: seats, mode: 0 }, p.token);
  expect(res.status).toBe(0);
  return { code: res.data.battleCode as string, id: res.data.id as number };
};
const joinBattle = (p: Player, code: string) => call(t.app, 'POST', '/api/battle/joinBattle', { battleCode: code }, p.token);

async function stockLine(minStock = 3): Promise<{ id: number; stock: number }> {
  const [row] = await queryRows<{ id: unknown; stock: unknown }>(
    db(),
    sql`SELECT id, stock FROM shop_stock WHERE stock >= ${minStock} ORDER BY id DESC LIMIT 1`,
  );
  return { id: toInt(row!.id), stock: toInt(row!.stock) };
}
const stockOf = async (id: number) =>
  toInt((await queryRows<{ stock: unknown }>(db(), sql`SELECT stock FROM shop_stock WHERE id = ${id}`))[0]?.stock);
const roomCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM giveaways`))[0]?.n);
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('who may call /api/admin/games/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the permission; support only reads', async () => {
    const p = await player(await boxPrice());
    const battle = await createBattle(p);
    const line = await stockLine();
    const content = await givenOperator(t.app, db(), 'content');
    const support = await givenOperator(t.app, db(), 'support');
    await createOperator(
      { db: db() },
      { operatorId: null, ip: null },
      { name: 'games-pending', password: OPERATOR_PASSWORD, role: 'admin' },
    );
    const pending = (
      await adminCall(t.app, 'POST', '/api/admin/login', {
        name: 'games-pending',
        password: OPERATOR_PASSWORD,
      })
    ).data.token as string;
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

describe('giveaways monitor', () => {
  it('creates an official giveaway from the shop stock that players see and can join, with one audit row', async () => {
    const op = await operations();
    const line = await stockLine();
    const stock = (await as(op, 'GET', `${A}/giveaways/stock`)).data;
    expect(stock).toEqual(expect.arrayContaining([expect.objectContaining({ stockId: line.id, stock: line.stock })]));
    const audits = await auditCount();
    const openTime = inMinutes(45);
    const made = await as(op, 'POST', `${A}/giveaways/create`, {
      title: '控制台官方福利',
      remark: '运营后台创建',
      openTime,
      stockIds: [line.id, line.id],
      minVipGrade: 0,
    });
    expect(made.status).toBe(0);
    const id = made.data.giveaway.id as number;
    expect(made.data.giveaway).toMatchObject({
      kind: 'official',
      state: 'running',
      title: '控制台官方福利',
      prizeCount: 2,
      entryCount: 0,
      cancellable: true,
    });
    expect(made.data.prizes.map((p: { source: string; stockId: number }) => [p.source, p.stockId])).toEqual([
      ['stock', line.id],
      ['stock', line.id],
    ]);
    expect(await stockOf(line.id)).toBe(line.stock - 2);
    const rows = (await auditRows('giveaway.createOfficial')).filter((r) => r.target_id === String(id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({
      title: '控制台官方福利',
      stockIds: [line.id, line.id],
      password: false,
    });
    expect(await auditCount()).toBe(audits + 1);

    // Players see it among the official rooms and can join it.
    const listed = (await call(t.app, 'GET', '/api/giveaway/page', { type: 1, state: 1, pageSize: 100 })).data.pageData;
    expect(listed.map((r: { id: number }) => r.id)).toContain(id);
    const p = await player();
    expect((await call(t.app, 'POST', '/api/giveaway/partake', { giveawayId: id }, p.token)).status).toBe(0);
    const seen = (await call(t.app, 'GET', '/api/giveaway/detail', { giveawayId: id }, p.token)).data;
    expect(seen).toMatchObject({ id, title: '控制台官方福利', userCount: 1, joinFlag: true, giftCount: 2 });
    const listedForOp = (await as(op, 'GET', `${A}/giveaways`, { kind: 'official', state: 'running', pageSize: 100 })).data;
    expect(listedForOp.pageData.find((r: { id: number }) => r.id === id)).toMatchObject({ entryCount: 1 });
  });

  it('refuses a bad official giveaway with a Chinese message and writes nothing', async () => {
    const op = await operations();
    const line = await stockLine();
    const audits = await auditCount();
    const rooms = await roomCount();
    const good = { title: '官方福利', openTime: inMinutes(30), stockIds: [line.id] };
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...good, stockIds: [] }, 'PARAM_INVALID'],
      [{ ...good, title: 'x' }, 'PARAM_INVALID'],
      [{ ...good, openTime: 'tomorrow' }, 'PARAM_INVALID'],
      [{ ...good, openTime: inMinutes(2) }, 'GIVEAWAY_OPEN_TIME_INVALID'],
      [{ ...good, openTime: inMinutes(8 * 24 * 60) }, 'GIVEAWAY_OPEN_TIME_INVALID'],
      [{ ...good, depositStart: inMinutes(-60), depositEnd: inMinutes(-120), minDepositFen: 100 }, 'GIVEAWAY_DEPOSIT_WINDOW_INVALID'],
      [{ ...good, stockIds: Array(line.stock + 1).fill(line.id) }, 'OUT_OF_STOCK'],
      [{ ...good, stockIds: [2_000_000_000] }, 'OUT_OF_STOCK'],
      [{ ...good, promotionUserId: 99_999_999 }, 'ADMIN_PLAYER_NOT_FOUND'],
      [{ ...good, minVipGrade: 11 }, 'PARAM_INVALID'],
      [{ ...good, balance: 100 }, 'PARAM_INVALID'],
    ];
    for (const [params, code] of bad) {
      const res = await as(op, 'POST', `${A}/giveaways/create`, params);
      expect(res.status, JSON.stringify(params)).toBe(errorStatus(code as never));
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.data).toBeNull();
    }
    expect(await stockOf(line.id)).toBe(line.stock);
    expect(await roomCount()).toBe(rooms);
    expect(await auditCount()).toBe(audits);
  });

  it('cancels a room before its open time: the prizes go back to the stock, with one audit row; not after', async () => {
    const op = await operations();
    const line = await stockLine();
    const made = await as(op, 'POST', `${A}/giveaways/create`, {
      title: '将被取消',
      openTime: inMinutes(30),
      stockIds: [line.id],
    });
    const id = made.data.giveaway.id as number;
    const p = await player();
    expect((await call(t.app, 'POST', '/api/giveaway/partake', { giveawayId: id }, p.token)).status).toBe(0);
    expect(await stockOf(line.id)).toBe(line.stock - 1);
    const audits = await auditCount();

    expect((await as(op, 'POST', `${A}/giveaways/cancel`, { id, reason: '' })).status).toBe(errorStatus('PARAM_INVALID'));
    expect(await as(op, 'POST', `${A}/giveaways/cancel`, { id: 99_999_999, reason: '测试取消' })).toEqual(refused('GIVEAWAY_NOT_FOUND'));
    expect(await auditCount()).toBe(audits);

    const cancelled = await as(op, 'POST', `${A}/giveaways/cancel`, { id, reason: '奖品配置错误' });
    expect(cancelled.status).toBe(0);
    expect(cancelled.data.giveaway).toMatchObject({ state: 'cancelled', cancellable: false, entryCount: 1 });
    expect(await stockOf(line.id)).toBe(line.stock);
    const row = (await auditRows('giveaway.cancel')).find((r) => r.target_id === String(id))!;
    expect(row).toMatchObject({
      before: { state: 'running', entryCount: 1 },
      after: { state: 'cancelled', reason: '奖品配置错误' },
    });
    expect(await auditCount()).toBe(audits + 1);
    const seen = (await call(t.app, 'GET', '/api/giveaway/detail', { giveawayId: id })).data;
    expect(seen).toMatchObject({ state: 3, serverSeed: null });
    // Once: a second cancel changes nothing.
    expect(await as(op, 'POST', `${A}/giveaways/cancel`, { id, reason: '再次取消' })).toEqual(refused('GIVEAWAY_NOT_RUNNING'));
    expect(await stockOf(line.id)).toBe(line.stock);

    // A room whose open time has come is left to its freeze and draw.
    const opening = await createSandboxOfficialGiveaway({ db: db(), live: t.live, hash: createHasher('games-test-secret') }, 0, 1);
    const listed = (await as(op, 'GET', `${A}/giveaways/detail`, { id: opening.id })).data;
    expect(listed.giveaway.cancellable).toBe(false);
    const before = await auditCount();
    expect(await as(op, 'POST', `${A}/giveaways/cancel`, { id: opening.id, reason: '太晚了' })).toEqual(refused('GIVEAWAY_NOT_RUNNING'));
    expect(await auditCount()).toBe(before);
  });

  it('cancels a player’s own room that others joined: the escrowed items go back to the creator’s backpack', async () => {
    const op = await operations();
    const host = await player();
    const items = await runInTransaction(db(), ({ tx }) =>
      grantItems(
        tx,
        host.id,
        [
          { itemId: 1, recoveryPriceFen: 500 },
          { itemId: 2, recoveryPriceFen: 900 },
        ],
        { sourceType: 'case', sourceId: null },
      ),
    );
    const ids = items.map((i) => i.id);
    const made = await call(
      t.app,
      'POST',
      '/api/giveaway/create',
      { title: '玩家福利屋', openTime: inMinutes(30), vouchers: ids.join(',') },
      host.token,
    );
    expect(made.status).toBe(0);
    const id = made.data.id as number;
    expect((await call(t.app, 'POST', '/api/giveaway/partake', { giveawayId: id }, (await player()).token)).status).toBe(0);
    // The creator may not cancel once someone joined; the operator may, before the draw time.
    expect((await call(t.app, 'POST', '/api/giveaway/cancel', { giveawayId: id }, host.token)).status).toBe(
      errorStatus('GIVEAWAY_HAS_ENTRIES'),
    );
    const states = async () =>
      (
        await queryRows<{ state: string }>(
          db(),
          sql`SELECT state FROM inventory_items WHERE id IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) ORDER BY id`,
        )
      ).map((r) => r.state);
    expect(await states()).toEqual(['escrowed', 'escrowed']);
    const detail = (await as(op, 'GET', `${A}/giveaways/detail`, { id })).data;
    expect(detail.giveaway).toMatchObject({
      kind: 'own',
      creatorId: host.id,
      entryCount: 1,
      cancellable: true,
    });
    expect(detail.prizes.map((p: { source: string }) => p.source)).toEqual(['escrow', 'escrow']);
    const cancelled = await as(op, 'POST', `${A}/giveaways/cancel`, { id, reason: '违规内容' });
    expect(cancelled.data.giveaway.state).toBe('cancelled');
    expect(await states()).toEqual(['in_backpack', 'in_backpack']);
    expect((await auditRows('giveaway.cancel')).filter((r) => r.target_id === String(id))).toHaveLength(1);
  });

  it('takes the console’s form post (the prizes as a comma list)', async () => {
    const op = await operations();
    const line = await stockLine();
    const res = await t.app.inject({
      method: 'POST',
      url: `${A}/giveaways/create`,
      headers: { 'admin-token': op.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        title: '表单福利',
        openTime: inMinutes(20),
        stockIds: `${line.id},${line.id}`,
        minVipGrade: '1',
      }).toString(),
    });
    expect(res.json()).toMatchObject({
      status: 0,
      data: { giveaway: { prizeCount: 2 }, conditions: { minVipGrade: 1 } },
    });
    expect(await stockOf(line.id)).toBe(line.stock - 2);
  });

  it('lists rooms by kind, state and creator, with the detail’s prizes and conditions', async () => {
    const op = await operations();
    const line = await stockLine();
    const made = await as(op, 'POST', `${A}/giveaways/create`, {
      title: '条件测试',
      openTime: inMinutes(60),
      stockIds: [line.id],
      password: 'abcd1234',
      minDepositFen: 5_000,
      depositStart: inMinutes(-24 * 60),
      depositEnd: inMinutes(60),
      minVipGrade: 2,
    });
    // A room with a password always waits for a second operator (issue 24 §11, decision 0048).
    expect(made.data.approval).toMatchObject({ kind: 'officialGiveaway', status: 'pending' });
    const approved = await as(await operations(), 'POST', '/api/admin/approvals/approve', { id: made.data.approval.id });
    expect(approved.status, approved.msg).toBe(0);
    const id = Number(approved.data.targetId);
    const detail = (await as(op, 'GET', `${A}/giveaways/detail`, { id })).data;
    expect(detail.giveaway.private).toBe(true);
    expect(detail.conditions).toMatchObject({ minDepositFen: 5_000, minVipGrade: 2, promotionUserId: null });
    expect(detail.prizes).toHaveLength(1);
    expect(JSON.stringify(detail)).not.toContain('abcd1234');
    expect((await auditRows('giveaway.createOfficial')).find((r) => r.target_id === String(id))!.after).toMatchObject({ password: true });
    expect(JSON.stringify(await auditRows('giveaway.createOfficial'))).not.toContain('abcd1234');
    const own = (await as(op, 'GET', `${A}/giveaways`, { kind: 'own', pageSize: 100 })).data.pageData;
    expect(own.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await as(op, 'GET', `${A}/giveaways`, { creatorId: 99_999_999 })).data.totalRows).toBe(0);
  });
});

describe.skipIf(!usingPostgres())('giveaway cancel under concurrency (PostgreSQL)', () => {
  it('two cancels racing joins: one cancel wins, the prizes return to the stock once', async () => {
    const op = await operations();
    const line = await stockLine();
    const made = await as(op, 'POST', `${A}/giveaways/create`, {
      title: '并发取消',
      openTime: inMinutes(30),
      stockIds: [line.id, line.id],
    });
    const id = made.data.giveaway.id as number;
    const players = await Promise.all(Array.from({ length: 6 }, () => player()));
    const results = await Promise.all([
      as(op, 'POST', `${A}/giveaways/cancel`, { id, reason: '并发取消' }),
      ...players.map((p) => call(t.app, 'POST', '/api/giveaway/partake', { giveawayId: id }, p.token)),
      as(op, 'POST', `${A}/giveaways/cancel`, { id, reason: '并发取消' }),
    ]);
    const cancels = [results[0]!, results.at(-1)!];
    expect(cancels.filter((r) => r.status === 0)).toHaveLength(1);
    expect(cancels.filter((r) => r.status !== 0)).toEqual([refused('GIVEAWAY_NOT_RUNNING')]);
    expect(await stockOf(line.id)).toBe(line.stock);
    expect((await auditRows('giveaway.cancel')).filter((r) => r.target_id === String(id))).toHaveLength(1);
    const joined = results.slice(1, -1).filter((r) => r.status === 0).length;
    expect((await as(op, 'GET', `${A}/giveaways/detail`, { id })).data.giveaway).toMatchObject({
      state: 'cancelled',
      entryCount: joined,
    });
  });
});

describe('dream chasing settings', () => {
  const defaults = {
    minProbability: 5_000,
    maxProbability: 75_000,
    returnRateBp: 9_500,
    minTargetPriceFen: 100,
    maxTargetPriceFen: 10_000_000,
  };

  it('starts from the environment, and a saved change applies to the config route, the target picker and a dream’s fee', async () => {
    const op = await operations();
    const read = (await as(op, 'GET', `${A}/dream`)).data;
    expect(read).toEqual({ current: defaults, defaults, overridden: false, updatedAt: null });

    const audits = await auditCount();
    const next = {
      minProbability: 1_000,
      maxProbability: 50_000,
      returnRateBp: 8_000,
      minTargetPriceFen: 200,
      maxTargetPriceFen: 5_000_000,
    };
    const saved = await as(op, 'POST', `${A}/dream`, next);
    expect(saved.status).toBe(0);
    expect(saved.data).toMatchObject({ current: next, defaults, overridden: true });
    const row = (await auditRows('dream.settings')).at(-1)!;
    expect(row).toMatchObject({ before: defaults, after: next });
    expect(await auditCount()).toBe(audits + 1);

    const config = (await call(t.app, 'GET', '/api/upgrade/getUpgradeConfig')).data;
    expect(config).toMatchObject({
      minProbability: 1_000,
      maxProbability: 50_000,
      returnRateBp: 8_000,
      minTargetPrice: 200,
      maxTargetPrice: 5_000_000,
    });

    const picker = (await call(t.app, 'GET', '/api/upgrade/page', { pageSize: 100, orderByPrice: 'asc' })).data.pageData as Array<{
      recoveryPrice: number;
    }>;
    expect(picker.length).toBeGreaterThan(0);
    expect(picker.every((i) => i.recoveryPrice >= 200 && i.recoveryPrice <= 5_000_000)).toBe(true);

    // A dream is priced with the new return rate and refused outside the new bounds.
    const [target] = await queryRows<{ id: unknown }>(
      db(),
      sql`UPDATE items SET recovery_price_fen = 10000 WHERE id = (SELECT max(id) FROM items) RETURNING id`,
    );
    const targetId = toInt(target!.id);
    const fee = dreamFee(10_000, 25_000, 8_000);
    expect(fee).not.toBe(dreamFee(10_000, 25_000, 9_500));
    const p = await player(fee);
    const start = (probability: number, quantity: number) =>
      call(t.app, 'POST', '/api/upgrade/startUpgrade', { upgradeGiftId: targetId, probability, vouchers: '', quantity }, p.token);
    expect(await start(60_000, fee)).toEqual(refused('DREAM_PROBABILITY_OUT_OF_RANGE'));
    const dream = await start(25_000, fee);
    expect(dream.status).toBe(0);
    expect(dream.data.dreamFee).toBe(fee);
    expect(await wallet(p)).toEqual({ coins: 0, points: 0 });
    const [roll] = await queryRows<{ return_rate_bp: unknown }>(
      db(),
      sql`SELECT return_rate_bp FROM rolls WHERE id = ${dream.data.verifyId}`,
    );
    expect(toInt(roll!.return_rate_bp)).toBe(8_000);
    await expectBooksBalanced(db());

    // Back to the environment's values.
    expect((await as(op, 'POST', `${A}/dream`, defaults)).status).toBe(0);
    expect((await call(t.app, 'GET', '/api/upgrade/getUpgradeConfig')).data.returnRateBp).toBe(9_500);
  });

  it('another node’s save is read once this node’s copy is older than the TTL', async () => {
    const ctx = { db: db(), config: t.config };
    const now = Date.now();
    const seen = await currentDreamSettings(ctx, now);
    // Written the way another node writes it: straight to site_settings, without this node's invalidation.
    await runInTransaction(db(), ({ tx }) => saveDreamSettings(tx, { ...seen, returnRateBp: 9_000 }));
    expect((await currentDreamSettings(ctx, now + 1)).returnRateBp).toBe(seen.returnRateBp);
    expect((await currentDreamSettings(ctx, now + DREAM_SETTINGS_TTL_MS)).returnRateBp).toBe(9_000);
    await runInTransaction(db(), ({ tx }) => saveDreamSettings(tx, seen));
    forgetDreamSettings(db());
  });

  it('refuses values outside the environment’s bounds or with min above max, in Chinese, and saves nothing', async () => {
    const op = await operations();
    const before = (await as(op, 'GET', `${A}/dream`)).data;
    const audits = await auditCount();
    const bad = [
      { ...defaults, minProbability: 80_000 },
      { ...defaults, minTargetPriceFen: 20_000_000 },
      { ...defaults, returnRateBp: 999 },
      { ...defaults, returnRateBp: 10_001 },
      { ...defaults, maxProbability: 100_001 },
      { ...defaults, minProbability: 0 },
      { ...defaults, maxTargetPriceFen: 1_000_000_001 },
      { ...defaults, returnRateBp: 9_500.5 },
      { ...defaults, returnRateBp: undefined },
      { ...defaults, extra: 1 },
    ];
    for (const params of bad) {
      const res = await as(op, 'POST', `${A}/dream`, params);
      expect(res.status, JSON.stringify(params)).toBe(errorStatus('PARAM_INVALID'));
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await as(op, 'POST', `${A}/dream`, { ...defaults, minProbability: 80_000 })).msg).toContain('最低成功概率不能高于最高成功概率');
    expect((await as(op, 'GET', `${A}/dream`)).data).toEqual(before);
    expect(await auditCount()).toBe(audits);
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
