import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { call, refused } from '../../../testing/auth-helpers.js';
import { usingPostgres } from '../../../testing/test-db.js';
import { queryRows } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { grantItems } from '../../backpack/index.js';
import { createHasher } from '../../../platform/secret.js';
import { createSandboxOfficialGiveaway } from '../index.js';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { gamesConsole } from '../../../testing/games-console.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const { db, A, operations, as, player, auditRows, auditCount, stockLine, stockOf, roomCount, inMinutes } = gamesConsole(
  () => t,
  'console-giveaways',
);

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
