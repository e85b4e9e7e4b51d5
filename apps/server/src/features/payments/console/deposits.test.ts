import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorStatus } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator, pendingOperatorToken } from '../../../testing/operators.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;

async function player() {
  const user = await givenUser(db());
  return { userId: user.id, token: await givenSession(db(), user.id) };
}
async function order(token: string, amount: number): Promise<string> {
  const made = await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount }, token);
  expect(made.status).toBe(0);
  return made.data.orderId as string;
}
/** Paid the way a player pays in sandbox mode: the checkout posts a signed callback to the real webhook. */
async function payInSandbox(orderNo: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/checkout/complete',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `orderId=${orderNo}&action=pay`,
  });
  expect(res.statusCode).toBe(302);
}
const balance = async (token: string) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.balance as number;
const auditCount = async () => toInt((await queryRows<{ n: unknown }>(db(), sql`SELECT count(*) AS n FROM audit_log`))[0]?.n);

describe('who may call /api/admin/deposits/*', () => {
  it('refuses guests, players, operators before two-factor and roles without the permission', async () => {
    const p = await player();
    const orderNo = await order(p.token, 1_000);
    const content = await givenOperator(t.app, db(), 'content');
    const support = await givenOperator(t.app, db(), 'support');
    const pending = await pendingOperatorToken(t.app, db(), 'dep-pending');
    const calls = [
      { method: 'GET' as const, url: '/api/admin/deposits', params: {}, write: false },
      { method: 'GET' as const, url: '/api/admin/deposits/detail', params: { orderNo }, write: false },
      { method: 'POST' as const, url: '/api/admin/deposits/markReview', params: { orderNo, reason: '测试原因' }, write: true },
    ];
    const before = await auditCount();
    for (const c of calls) {
      const as = (headers: { adminToken?: string; playerToken?: string }) => adminCall(t.app, c.method, c.url, c.params, headers);
      expect((await as({})).status, `${c.url} guest`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ playerToken: p.token })).status, `${c.url} player`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: p.token })).status, `${c.url} player as admin`).toBe(errorStatus('ADMIN_NOT_LOGGED_IN'));
      expect((await as({ adminToken: pending })).status, `${c.url} pending`).toBe(errorStatus('ADMIN_TOTP_REQUIRED'));
      expect((await as({ adminToken: content.token })).status, `${c.url} content`).toBe(errorStatus('ADMIN_FORBIDDEN'));
      // support may look at deposits but not mark them.
      expect((await as({ adminToken: support.token })).status, `${c.url} support`).toBe(c.write ? errorStatus('ADMIN_FORBIDDEN') : 0);
    }
    expect(await auditCount()).toBe(before);
  });
});

describe('deposits screen', () => {
  it('lists orders by order number, player, state and day, with paging', async () => {
    const finance = await givenOperator(t.app, db(), 'finance');
    const p = await player();
    const open = await order(p.token, 1_000);
    const paidNo = await order(p.token, 2_000);
    await payInSandbox(paidNo);
    const list = (params: Record<string, unknown>) => adminCall(t.app, 'GET', '/api/admin/deposits', params, { adminToken: finance.token });

    const mine = (await list({ q: String(p.userId) })).data;
    expect(mine.totalRows).toBe(2);
    expect(mine.pageData.map((d: { orderNo: string }) => d.orderNo)).toEqual([paidNo, open]);
    expect(mine.pageData[0]).toMatchObject({
      userId: p.userId,
      amountMinor: 2_000,
      creditFen: 2_000,
      currency: 'CNY',
      channelName: '沙盒支付（测试）',
      state: 1,
      review: null,
    });
    expect(mine.pageData[0].finishedAt).not.toBeNull();
    expect(mine.pageData[1]).toMatchObject({ state: 0, finishedAt: null });

    expect((await list({ q: open })).data.pageData.map((d: { orderNo: string }) => d.orderNo)).toEqual([open]);
    expect((await list({ q: String(p.userId), state: 1 })).data.pageData.map((d: { orderNo: string }) => d.orderNo)).toEqual([paidNo]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ q: String(p.userId), from: today, to: today })).data.totalRows).toBe(2);
    expect((await list({ q: String(p.userId), from: '2000-01-01', to: '2000-01-02' })).data.totalRows).toBe(0);
    const page2 = (await list({ q: String(p.userId), page: 2, pageSize: 1 })).data;
    expect(page2).toMatchObject({ totalRows: 2, page: 2, totalPages: 2 });
    expect(page2.pageData.map((d: { orderNo: string }) => d.orderNo)).toEqual([open]);
    expect((await list({ q: 'no such order' })).data.totalRows).toBe(0);

    const bad = await list({ from: '24/11/2026' });
    expect(bad.status).toBe(errorStatus('PARAM_INVALID'));
    expect(bad.msg).toContain('日期');
  });

  it('shows the order with the raw callback the sandbox gateway sent', async () => {
    const support = await givenOperator(t.app, db(), 'support');
    const p = await player();
    const orderNo = await order(p.token, 3_000);
    await payInSandbox(orderNo);
    const detail = await adminCall(t.app, 'GET', '/api/admin/deposits/detail', { orderNo }, { adminToken: support.token });
    expect(detail.status).toBe(0);
    expect(detail.data.order).toMatchObject({ orderNo, state: 1, creditFen: 3_000 });
    expect(detail.data.callbacks).toHaveLength(1);
    const [cb] = detail.data.callbacks;
    expect(cb.outcome).toBe('success');
    expect(cb.timestamp).toMatch(/^\d+$/);
    // The body byte for byte as the gateway posted it (its providerTxnId is the one now on the order).
    expect(JSON.parse(cb.rawBody)).toEqual({
      orderId: orderNo,
      providerTxnId: detail.data.order.providerTxnId,
      amount: 3_000,
      currency: 'CNY',
      status: 'paid',
    });
    expect(cb.rawBody).toBe(JSON.stringify(JSON.parse(cb.rawBody)));

    const missing = await adminCall(
      t.app,
      'GET',
      '/api/admin/deposits/detail',
      { orderNo: 'D20260101missing' },
      { adminToken: support.token },
    );
    expect(missing.status).toBe(errorStatus('ADMIN_DEPOSIT_NOT_FOUND'));
  });

  it('marks a stuck order for review with one audit row, and moves no money', async () => {
    const finance = await givenOperator(t.app, db(), 'finance');
    const p = await player();
    const orderNo = await order(p.token, 4_000);
    const balanceBefore = await balance(p.token);
    const auditBefore = await auditCount();

    const marked = await adminCall(
      t.app,
      'POST',
      '/api/admin/deposits/markReview',
      { orderNo, reason: '玩家称已付款未到账' },
      { adminToken: finance.token },
    );
    expect(marked.status).toBe(0);
    expect(marked.data).toMatchObject({
      orderNo,
      state: 0,
      review: { operatorId: finance.id, operatorName: finance.name, reason: '玩家称已付款未到账' },
    });
    expect(await auditCount()).toBe(auditBefore + 1);
    const [row] = await queryRows<{ operator_id: unknown; before: unknown; after: unknown }>(
      db(),
      sql`SELECT operator_id, before, after FROM audit_log WHERE action = 'deposit.markReview' AND target_type = 'deposit' AND target_id = ${orderNo}`,
    );
    expect(toInt(row!.operator_id)).toBe(finance.id);
    expect(row!.before).toMatchObject({ state: 0, reviewAt: null });
    expect(row!.after).toMatchObject({ state: 0, reviewReason: '玩家称已付款未到账' });

    expect(await balance(p.token)).toBe(balanceBefore);
    await expectBooksBalanced(db());
    const listed = (await adminCall(t.app, 'GET', '/api/admin/deposits', { q: orderNo, review: 'marked' }, { adminToken: finance.token }))
      .data;
    expect(listed.pageData[0].review.reason).toBe('玩家称已付款未到账');

    const again = await adminCall(
      t.app,
      'POST',
      '/api/admin/deposits/markReview',
      { orderNo, reason: '再次标记' },
      { adminToken: finance.token },
    );
    expect(again.status).toBe(errorStatus('ADMIN_DEPOSIT_MARKED'));
    const noReason = await adminCall(
      t.app,
      'POST',
      '/api/admin/deposits/markReview',
      { orderNo, reason: ' ' },
      { adminToken: finance.token },
    );
    expect(noReason.status).toBe(errorStatus('PARAM_INVALID'));
    expect(await auditCount()).toBe(auditBefore + 1);
  });
});
