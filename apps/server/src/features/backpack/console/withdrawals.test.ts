import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator, pendingOperatorToken } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { runInTransaction } from '../../../platform/db/tx.js';
import { grantItems } from '../index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const P = '/api/personalCenter';
const TRADE_URL = 'https://steamcommunity.com/tradeoffer/new/?partner=123&token=AbCdEf12';

/** A player who asked to withdraw one item: the retrieval (state 0) and the item's id. */
async function givenWithdrawal() {
  const user = await givenUser(db());
  const token = await givenSession(db(), user.id);
  const [item] = await queryRows<{ id: unknown; recovery_price_fen: unknown }>(
    db(),
    sql`SELECT id, recovery_price_fen FROM items ORDER BY id LIMIT 1`,
  );
  const [inv] = await runInTransaction(db(), ({ tx }) =>
    grantItems(tx, user.id, [{ itemId: toInt(item!.id), recoveryPriceFen: 1_234 }], { sourceType: 'case', sourceId: null }),
  );
  expect((await call(t.app, 'POST', `${P}/modifyTradeUrl`, { tradeUrl: TRADE_URL }, token)).status).toBe(0);
  const res = await call(t.app, 'POST', `${P}/ornamentRetrieval`, { ids: String(inv!.id) }, token);
  expect(res.status).toBe(0);
  const [r] = await queryRows<{ id: unknown }>(db(), sql`SELECT id FROM retrievals WHERE inventory_item_id = ${inv!.id}`);
  return { userId: user.id, token, itemId: inv!.id, retrievalId: toInt(r!.id) };
}

const itemState = async (id: number) =>
  (await queryRows<{ state: string }>(db(), sql`SELECT state FROM inventory_items WHERE id = ${id}`))[0]!.state;
const auditRows = async (action: string, id: number) =>
  queryRows<{ before: unknown; after: unknown }>(
    db(),
    sql`SELECT before, after FROM audit_log WHERE action = ${action} AND target_type = 'withdrawal' AND target_id = ${String(id)} ORDER BY id`,
  );
const auditCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);

describe('who may call /api/admin/withdrawals/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the permission', async () => {
    const w = await givenWithdrawal();
    const content = await givenOperator(t.app, db(), 'content');
    const operations = await givenOperator(t.app, db(), 'operations');
    const pending = await pendingOperatorToken(t.app, db(), 'wd-pending');
    const calls = [
      { method: 'GET' as const, url: '/api/admin/withdrawals', params: {}, write: false },
      { method: 'POST' as const, url: '/api/admin/withdrawals/approve', params: { id: w.retrievalId }, write: true },
      { method: 'POST' as const, url: '/api/admin/withdrawals/retry', params: { id: w.retrievalId }, write: true },
      { method: 'POST' as const, url: '/api/admin/withdrawals/fail', params: { id: w.retrievalId, reason: '测试' }, write: true },
      {
        method: 'POST' as const,
        url: '/api/admin/withdrawals/complete',
        params: { id: w.retrievalId, tradeOfferId: '6123456789' },
        write: true,
      },
    ];
    const before = await auditCount();
    for (const c of calls) {
      const as = (headers: { adminToken?: string; playerToken?: string }) => adminCall(t.app, c.method, c.url, c.params, headers);
      expect((await as({})).status, `${c.url} guest`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ playerToken: w.token })).status, `${c.url} player`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: w.token })).status, `${c.url} player as admin`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: pending })).status, `${c.url} pending`).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
      expect((await as({ adminToken: content.token })).status, `${c.url} content`).toBe(errorStatus('ADMIN_FORBIDDEN'));
      // operations may look at the queue but not act on it.
      expect((await as({ adminToken: operations.token })).status, `${c.url} operations`).toBe(c.write ? errorStatus('ADMIN_FORBIDDEN') : 0);
    }
    expect(await auditCount()).toBe(before);
    expect(await itemState(w.itemId)).toBe('retrieving');
  });
});

describe('withdrawals screen', () => {
  it('lists the queue by state and player, oldest open first, with ages', async () => {
    const support = await givenOperator(t.app, db(), 'support');
    const a = await givenWithdrawal();
    const b = await givenWithdrawal();
    const list = (params: Record<string, unknown>) =>
      adminCall(t.app, 'GET', '/api/admin/withdrawals', params, { adminToken: support.token });
    const open = await list({ state: 0 });
    const ids = open.data.pageData.map((w: { id: number }) => w.id);
    expect(ids.indexOf(a.retrievalId)).toBeLessThan(ids.indexOf(b.retrievalId));
    const mine = await list({ userId: a.userId });
    expect(mine.data.pageData).toEqual([
      expect.objectContaining({
        id: a.retrievalId,
        userId: a.userId,
        inventoryItemId: a.itemId,
        state: 0,
        recoveryPriceFen: 1_234,
        tradeUrl: TRADE_URL,
      }),
    ]);
    expect(mine.data.pageData[0].ageSeconds).toBeGreaterThanOrEqual(0);
    await db().execute(sql`UPDATE retrievals SET created_at = now() - interval '3 hours' WHERE id = ${a.retrievalId}`);
    const stuck = await list({ olderThanMinutes: 120 });
    expect(stuck.data.pageData.map((w: { id: number }) => w.id)).toEqual([a.retrievalId]);
    expect(stuck.data.pageData[0].ageSeconds).toBeGreaterThanOrEqual(3 * 3600);
    expect((await list({ state: 3 })).data.totalRows).toBe(0);
    expect((await list({ state: 'x' })).status).toBe(errorStatus('PARAM_INVALID'));
  });

  it('approves step by step to success, the item leaving for Steam, one audit row per step', async () => {
    const finance = await givenOperator(t.app, db(), 'finance');
    const w = await givenWithdrawal();
    const approve = () => adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', { id: w.retrievalId }, { adminToken: finance.token });
    for (const state of [1, 2, 3]) expect(await approve()).toMatchObject({ status: 0, data: { id: w.retrievalId, state } });
    expect(await itemState(w.itemId)).toBe('retrieved');
    expect((await auditRows('withdrawal.approve', w.retrievalId)).map((r) => [r.before, r.after])).toEqual([
      [expect.objectContaining({ state: 0 }), expect.objectContaining({ state: 1 })],
      [expect.objectContaining({ state: 1 }), expect.objectContaining({ state: 2 })],
      [expect.objectContaining({ state: 2 }), expect.objectContaining({ state: 3 })],
    ]);
    expect((await approve()).status).toBe(errorStatus('ADMIN_WITHDRAWAL_STATE'));
    expect((await adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', { id: 999_999 }, { adminToken: finance.token })).status).toBe(
      errorStatus('ADMIN_WITHDRAWAL_NOT_FOUND'),
    );
  });

  it('retries a withdrawal by running its pending step now, or a failed one again, never two chains', async () => {
    const support = await givenOperator(t.app, db(), 'support');
    const w = await givenWithdrawal();
    const jobs = () =>
      queryRows<{ dedupe_key: string; state: string; due: boolean }>(
        db(),
        sql`SELECT dedupe_key, state, run_at <= now() AS due FROM jobs
            WHERE kind = 'retrieval.advance' AND payload->>'retrievalId' = ${String(w.retrievalId)} ORDER BY id`,
      );
    const retry = () => adminCall(t.app, 'POST', '/api/admin/withdrawals/retry', { id: w.retrievalId }, { adminToken: support.token });
    // Its step is still pending (a later run time, or a bot's next look at its offer): brought forward, not doubled.
    await db().execute(sql`UPDATE jobs SET run_at = now() + interval '1 hour' WHERE payload->>'retrievalId' = ${String(w.retrievalId)}`);
    expect(await retry()).toMatchObject({ status: 0, data: { state: 0 } });
    expect(await retry()).toMatchObject({ status: 0, data: { state: 0 } });
    expect(await jobs()).toEqual([{ dedupe_key: `retrieval:${w.retrievalId}:0`, state: 'pending', due: true }]);
    // The step gave up (its attempts spent): a retry schedules it again under its own key.
    await db().execute(sql`UPDATE jobs SET state = 'failed' WHERE payload->>'retrievalId' = ${String(w.retrievalId)}`);
    expect(await retry()).toMatchObject({ status: 0, data: { state: 0 } });
    expect((await jobs()).map((j) => [j.dedupe_key, j.state])).toEqual([
      [`retrieval:${w.retrievalId}:0`, 'failed'],
      [`retrieval:${w.retrievalId}:0:retry3`, 'pending'],
    ]);
    expect((await auditRows('withdrawal.retry', w.retrievalId)).map((r) => [r.before, r.after])).toEqual([
      [expect.objectContaining({ attempts: 0 }), expect.objectContaining({ attempts: 1 })],
      [expect.objectContaining({ attempts: 1 }), expect.objectContaining({ attempts: 2 })],
      [expect.objectContaining({ attempts: 2 }), expect.objectContaining({ attempts: 3 })],
    ]);
  });

  it('fails a withdrawal and returns the item to the backpack exactly once', async () => {
    const support = await givenOperator(t.app, db(), 'support');
    const w = await givenWithdrawal();
    const fail = () =>
      adminCall(t.app, 'POST', '/api/admin/withdrawals/fail', { id: w.retrievalId, reason: '交易链接失效' }, { adminToken: support.token });
    expect(
      (await adminCall(t.app, 'POST', '/api/admin/withdrawals/fail', { id: w.retrievalId }, { adminToken: support.token })).status,
    ).toBe(errorStatus('PARAM_INVALID'));
    const [first, second] = await Promise.all([fail(), fail()]);
    expect([first!.status, second!.status].sort()).toEqual([0, errorStatus('ADMIN_WITHDRAWAL_STATE')].sort());
    expect((await fail()).status).toBe(errorStatus('ADMIN_WITHDRAWAL_STATE'));
    expect(await itemState(w.itemId)).toBe('in_backpack');
    const returned = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM inventory_events WHERE inventory_item_id = ${w.itemId} AND to_state = 'in_backpack' AND reason = 'retrieval_failed'`,
    );
    expect(toInt(returned[0]?.n)).toBe(1);
    expect(await auditRows('withdrawal.fail', w.retrievalId)).toEqual([
      {
        before: expect.objectContaining({ state: 0 }),
        after: expect.objectContaining({ state: 4, remark: '交易链接失效', itemReturned: w.itemId }),
      },
    ]);
    const records = await call(t.app, 'GET', `${P}/getMyRetrievalPage`, {}, w.token);
    expect(records.data.pageData[0]).toMatchObject({ orderId: w.retrievalId, state: 4, remark: '交易链接失效' });
    // The item can be withdrawn again (or swapped) from the backpack.
    const ornaments = await call(t.app, 'GET', `${P}/getMyOrnamentPage`, { state: 0 }, w.token);
    expect(ornaments.data.pageData.map((o: { id: number }) => o.id)).toEqual([w.itemId]);
  });
});

describe('a console retry with the same Idempotency-Key', () => {
  it('is answered once: the second fail replays the first answer instead of a state error, one audit row', async () => {
    const support = await givenOperator(t.app, db(), 'support');
    const w = await givenWithdrawal();
    const fail = (key: string) =>
      adminCall(
        t.app,
        'POST',
        '/api/admin/withdrawals/fail',
        { id: w.retrievalId, reason: '交易链接失效' },
        { adminToken: support.token, idempotencyKey: key },
      );
    const first = await fail('console-fail-1');
    expect(first.status).toBe(0);
    expect(await fail('console-fail-1')).toEqual(first);
    expect((await fail('console-fail-2')).status).toBe(errorStatus('ADMIN_WITHDRAWAL_STATE'));
    expect(await itemState(w.itemId)).toBe('in_backpack');
    expect(await auditRows('withdrawal.fail', w.retrievalId)).toHaveLength(1);
  });
});

describe('complete with the trade reference (manual delivery, issue 17)', () => {
  const complete = (token: string, id: number, tradeOfferId: unknown) =>
    adminCall(t.app, 'POST', '/api/admin/withdrawals/complete', { id, tradeOfferId }, { adminToken: token });

  it('completes with the Steam trade offer id, shown to the player and on the screen, audited', async () => {
    const finance = await givenOperator(t.app, db(), 'finance');
    const w = await givenWithdrawal();
    for (const bad of ['', 'abc', '12a4', '-5', '0123', '1'.repeat(21), 12345])
      expect((await complete(finance.token, w.retrievalId, bad)).status, String(bad)).toBe(errorStatus('PARAM_INVALID'));
    expect(await complete(finance.token, w.retrievalId, ' 5823491027 ')).toMatchObject({
      status: 0,
      data: { id: w.retrievalId, state: 3 },
    });
    expect(await itemState(w.itemId)).toBe('retrieved');
    const records = await call(t.app, 'GET', `${P}/getMyRetrievalPage`, {}, w.token);
    expect(records.data.pageData[0]).toMatchObject({ orderId: w.retrievalId, state: 3, remark: 'Steam 交易报价 5823491027' });
    const listed = await adminCall(t.app, 'GET', '/api/admin/withdrawals', { userId: w.userId }, { adminToken: finance.token });
    expect(listed.data.pageData[0]).toMatchObject({ state: 3, tradeOfferId: '5823491027' });
    expect(await auditRows('withdrawal.complete', w.retrievalId)).toEqual([
      { before: expect.objectContaining({ state: 0 }), after: expect.objectContaining({ state: 3, tradeOfferId: '5823491027' }) },
    ]);
    expect((await complete(finance.token, w.retrievalId, '5823491028')).status).toBe(errorStatus('ADMIN_WITHDRAWAL_STATE'));
    // One offer delivers one withdrawal.
    const other = await givenWithdrawal();
    expect((await complete(finance.token, other.retrievalId, '5823491027')).status).toBe(errorStatus('ADMIN_WITHDRAWAL_REFERENCE_USED'));
    expect(await itemState(other.itemId)).toBe('retrieving');
  });

  it('has exactly one outcome when two operators complete and fail at once (double click, two screens)', async () => {
    const [a, b] = [await givenOperator(t.app, db(), 'support'), await givenOperator(t.app, db(), 'finance')];
    const w = await givenWithdrawal();
    const results = await Promise.all([
      complete(a.token, w.retrievalId, '7000000001'),
      complete(a.token, w.retrievalId, '7000000001'),
      complete(b.token, w.retrievalId, '7000000002'),
      adminCall(t.app, 'POST', '/api/admin/withdrawals/fail', { id: w.retrievalId, reason: '重复操作测试' }, { adminToken: b.token }),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 0)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 0).every((s) => s === errorStatus('ADMIN_WITHDRAWAL_STATE'))).toBe(true);
    const won = results.findIndex((r) => r.status === 0);
    const audits = [...(await auditRows('withdrawal.complete', w.retrievalId)), ...(await auditRows('withdrawal.fail', w.retrievalId))];
    expect(audits).toHaveLength(1);
    const [events] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM inventory_events WHERE inventory_item_id = ${w.itemId} AND from_state = 'retrieving'`,
    );
    expect(toInt(events?.n)).toBe(1);
    expect(await itemState(w.itemId)).toBe(won === 3 ? 'in_backpack' : 'retrieved');
  });

  it('refuses two withdrawals completed with one offer id at the same moment, keeping one', async () => {
    const finance = await givenOperator(t.app, db(), 'finance');
    const [x, y] = [await givenWithdrawal(), await givenWithdrawal()];
    const results = await Promise.all([
      complete(finance.token, x.retrievalId, '7100000001'),
      complete(finance.token, y.retrievalId, '7100000001'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([0, errorStatus('ADMIN_WITHDRAWAL_REFERENCE_USED')].sort());
    expect([await itemState(x.itemId), await itemState(y.itemId)].sort()).toEqual(['retrieved', 'retrieving']);
  });
});
