import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { deposit } from '../../../testing/payment-helpers.js';
import { adminCall, givenOperator, pendingOperatorToken } from '../../../testing/operators.js';
import { beijingDayOf, beijingDayStart } from '../../../platform/db/beijing-day.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { dashboardWarnings } from './dashboard.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;

describe('who may call /api/admin/dashboard', () => {
  it('refuses guests, players, operators before two-factor and roles without dashboard.read', async () => {
    const player = await givenUser(db());
    const playerToken = await givenSession(db(), player.id);
    const pending = await pendingOperatorToken(t.app, db(), 'dash-pending');
    const as = (headers: { adminToken?: string; playerToken?: string }) => adminCall(t.app, 'GET', '/api/admin/dashboard', {}, headers);
    expect((await as({})).status).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
    expect((await as({ playerToken })).status).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
    expect((await as({ adminToken: playerToken })).status).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
    expect((await as({ adminToken: pending })).status).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
    for (const role of ['support', 'content'] as const) {
      const op = await givenOperator(t.app, db(), role);
      expect((await as({ adminToken: op.token })).status, role).toBe(errorStatus('ADMIN_FORBIDDEN'));
    }
    for (const role of ['admin', 'operations', 'finance'] as const) {
      const op = await givenOperator(t.app, db(), role);
      expect((await as({ adminToken: op.token })).status, role).toBe(0);
    }
  });
});

describe('dashboard figures', () => {
  it('counts a new player, a paid deposit and an opening today, with the opening’s GGR', async () => {
    const admin = await givenOperator(t.app, db(), 'finance');
    const read = async () => (await adminCall(t.app, 'GET', '/api/admin/dashboard', {}, { adminToken: admin.token })).data;
    const before = await read();

    const user = await givenUser(db());
    const token = await givenSession(db(), user.id);
    await deposit(t, token, 10_000);
    const price = (await call(t.app, 'GET', '/api/case/caseDetail', { caseId: 1 })).data.openPrice as number;
    const opened = await call(t.app, 'POST', '/api/case/openCase', { caseId: 1, number: 1 }, token);
    expect(opened.status).toBe(0);
    const [won] = await queryRows<{ fen: unknown }>(
      db(),
      sql`SELECT recovery_price_fen AS fen FROM inventory_items WHERE id = ${opened.data.results[0].voucherId}`,
    );

    const after = await read();
    expect(after.today.day).toBe(beijingDayOf(new Date()));
    expect(after.days.at(-1)).toEqual(after.today);
    expect(after.today.newPlayers - before.today.newPlayers).toBe(1);
    // The sandbox channel's payment is fake money: shown apart, never as a deposit (decision 0017).
    expect(after.today.depositCount).toBe(before.today.depositCount);
    expect(after.today.depositFen).toBe(before.today.depositFen);
    expect(after.today.sandboxDepositCount - before.today.sandboxDepositCount).toBe(1);
    expect(after.today.sandboxDepositFen - before.today.sandboxDepositFen).toBe(10_000);
    expect(after.today.openings - before.today.openings).toBe(1);
    expect(after.today.ggrFen - before.today.ggrFen).toBe(price - toInt(won?.fen));
    expect(after.today.battles).toBe(before.today.battles);
    expect(after.today.withdrawalsRequested).toBe(before.today.withdrawalsRequested);
    expect(after.onlineNow).toBe(t.live.onlineCount());
  });

  it('counts a deposit paid through a real channel as a deposit, and neither kind of order unpaid', async () => {
    const admin = await givenOperator(t.app, db(), 'finance');
    const read = async () => (await adminCall(t.app, 'GET', '/api/admin/dashboard', {}, { adminToken: admin.token })).data;
    const before = await read();
    const user = await givenUser(db());
    // A WeChat channel (type 0), not enabled: the order is written as its callback would leave it.
    await db().execute(sql`INSERT INTO payment_channels (id, name, channel_type, currencies, min_amount_fen, max_amount_fen, secret)
      VALUES (970, '微信支付', 0, '["CNY"]', 100, 5000000, 'dashboard-test-secret') ON CONFLICT (id) DO NOTHING`);
    for (const [no, state] of [
      ['DASH-REAL-PAID', 1],
      ['DASH-REAL-OPEN', 0],
    ] as const)
      await db()
        .execute(sql`INSERT INTO deposit_orders (order_no, user_id, channel_id, currency, amount_minor, credit_fen, state, expires_at, finished_at)
        VALUES (${no}, ${user.id}, 970, 'CNY', 2500, 2500, ${state}, now() + interval '1 hour', ${state === 1 ? sql`now()` : sql`NULL`})`);
    const after = await read();
    expect(after.today.depositCount - before.today.depositCount).toBe(1);
    expect(after.today.depositFen - before.today.depositFen).toBe(2_500);
    expect(after.today.sandboxDepositCount).toBe(before.today.sandboxDepositCount);
  });

  it('puts yesterday’s rows on yesterday, by the Beijing day', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const read = async () => (await adminCall(t.app, 'GET', '/api/admin/dashboard', { days: 2 }, { adminToken: admin.token })).data;
    const before = await read();
    const user = await givenUser(db());
    // One second after yesterday's Beijing midnight: the UTC date may differ, the Beijing day must not.
    const at = new Date(beijingDayStart(new Date(), 1).getTime() + 1_000);
    await db().execute(sql`UPDATE users SET created_at = ${at.toISOString()}::timestamptz WHERE id = ${user.id}`);
    const after = await read();
    expect(after.days.map((d: { day: string }) => d.day)).toEqual([beijingDayOf(at), beijingDayOf(new Date())]);
    expect(after.days[0].newPlayers - before.days[0].newPlayers).toBe(1);
    expect(after.today.newPlayers).toBe(before.today.newPlayers);
  });

  it('answers 1 to 90 days (14 by default), one row a day ending today, and refuses other counts', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const get = (params: Record<string, unknown>) => adminCall(t.app, 'GET', '/api/admin/dashboard', params, { adminToken: admin.token });
    expect((await get({})).data.days).toHaveLength(14);
    expect((await get({ days: 1 })).data.days).toHaveLength(1);
    const ninety = (await get({ days: 90 })).data.days as Array<{ day: string }>;
    expect(ninety).toHaveLength(90);
    expect(ninety.at(-1)!.day).toBe(beijingDayOf(new Date()));
    expect(new Set(ninety.map((d) => d.day)).size).toBe(90);
    for (const days of [0, 91, -1, 'x', 1.5]) {
      const res = await get({ days });
      expect(res.status, String(days)).toBe(1001);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('dashboard warnings (issue 27 §6, §12)', () => {
  const images = (fallback: boolean) => ({ store: { kind: 'local' as const, dir: '/tmp/img' }, fallback });

  it('names the example support address on any site, and the image fallback only in production', () => {
    expect(dashboardWarnings({ env: 'development', images: images(true) }, true)).toEqual(['supportContact']);
    expect(dashboardWarnings({ env: 'development', images: images(true) }, false)).toEqual([]);
    expect(dashboardWarnings({ env: 'production', images: images(true) }, false)).toEqual(['imageFallback']);
    expect(dashboardWarnings({ env: 'production', images: images(false) }, true)).toEqual(['supportContact']);
  });

  it('answers the support warning on this test site, whose support address is the example one', async () => {
    const admin = await givenOperator(t.app, db(), 'admin');
    const res = await adminCall(t.app, 'GET', '/api/admin/dashboard', {}, { adminToken: admin.token });
    expect(res.status).toBe(0);
    expect(res.data.warnings).toContain('supportContact');
    expect(res.data.warnings).not.toContain('imageFallback');
  });
});
