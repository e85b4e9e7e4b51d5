import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { adminCall, givenOperator } from '../../../testing/operators.js';
import { createJobRunner } from '../../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../../app.js';
import { startAlipayStub, type AlipayStub } from '../../../testing/stubs/alipay-stub.js';
import { startWechatPayStub, type WechatPayStub } from '../../../testing/stubs/wechatpay-stub.js';
import { paymentStubEnv } from '../../../testing/stubs/payment-env.js';
import { queryRows, toInt } from '../../../platform/db/rows.js';
import { PROVIDER_CHANNELS } from '../index.js';
import { beginRefund } from '../refunds/refund-intent.js';

let t: TestApp;
let alipay: AlipayStub;
let wechat: WechatPayStub;
let finance: { token: string };
beforeAll(async () => {
  [alipay, wechat] = await Promise.all([startAlipayStub(), startWechatPayStub()]);
  t = await buildTestApp({ env: paymentStubEnv(alipay, wechat) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alipay.setNotifyOrigin(origin);
  wechat.setNotifyOrigin(origin);
  finance = await givenOperator(t.app, db(), 'finance');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([alipay?.close(), wechat?.close()]);
});

const db = () => t.database.db;

/** A verified player's ¥100 deposit paid through a provider stub's signed notification: 12,200 coins. */
async function paidDeposit(channel: 'alipay' | 'wechatpay') {
  const user = await givenUser(db());
  await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  const token = await givenSession(db(), user.id);
  const made = await call(
    t.app,
    'POST',
    '/api/recharge/makePayment',
    { rechargeChannelId: PROVIDER_CHANNELS[channel].id, currencyCode: 'CNY', amount: 10_000 },
    token,
  );
  const orderNo = made.data.orderId as string;
  if (channel === 'alipay') {
    await alipay.open(made.data.payUrl);
    alipay.pay(orderNo);
    expect((await alipay.notify(orderNo)).body).toBe('success');
  } else {
    wechat.pay(orderNo);
    expect((await wechat.notify(orderNo)).status).toBe(200);
  }
  return { userId: user.id, orderNo };
}
const coins = async (userId: number) =>
  toInt(
    (
      await queryRows<{ b: unknown }>(db(), sql`SELECT balance_fen AS b FROM ledger_accounts WHERE user_id = ${userId} AND kind = 'coin'`)
    )[0]?.b,
  );
const refund = (orderNo: string, amountMinor: number) =>
  adminCall(t.app, 'POST', '/api/admin/deposits/refund', { orderNo, amountMinor, reason: '玩家申请退款' }, { adminToken: finance.token });
const refundState = async (refundNo: string) =>
  toInt((await queryRows<{ state: unknown }>(db(), sql`SELECT state FROM deposit_refunds WHERE refund_no = ${refundNo}`))[0]?.state);
async function runRefundChecks() {
  await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'deposit.refund' AND state = 'pending'`);
  const runner = createJobRunner({ db: db(), logger: { info() {}, warn() {}, error() {} }, pollMs: 50 });
  registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
  return runner.runOnce();
}

describe('Alipay refunds (alipay.trade.refund against the stub gateway)', () => {
  it('refunds in parts with out_request_no = our refund id, RSA2-signed, answers verified; books balanced', async () => {
    const { userId, orderNo } = await paidDeposit('alipay');
    const first = await refund(orderNo, 4_000);
    expect(first.data.refund).toMatchObject({ state: 1, coinFen: 4_000, bonusFen: 800 });
    expect(alipay.refunds.get(first.data.refund.refundNo)).toEqual({ outTradeNo: orderNo, refundAmount: '40.00' });
    expect((await refund(orderNo, 6_000)).data.refund.state).toBe(1);
    expect([...alipay.refunds.values()].filter((r) => r.outTradeNo === orderNo).map((r) => r.refundAmount)).toEqual(['40.00', '60.00']);
    expect(await coins(userId)).toBe(200);
    expect(alipay.badSignatures).toBe(0);
    await expectBooksBalanced(db());
  });

  it('an answer lost after Alipay refunded: the refund stays pending, and the check asks Alipay instead of refunding again', async () => {
    const { orderNo } = await paidDeposit('alipay');
    const calls = alipay.refundCalls;
    // Both our request and the HTTP client's own retry on the dropped socket (same out_request_no) lose their answer.
    alipay.dropRefundAnswers = 2;
    const lost = await refund(orderNo, 10_000);
    expect(lost.status).toBe(0);
    expect(lost.data.refund.state).toBe(0);
    expect(lost.data.quote).toMatchObject({ pendingMinor: 10_000, refundableMinor: 0 });
    await runRefundChecks();
    expect(await refundState(lost.data.refund.refundNo)).toBe(1);
    // No refund request from the check: it found the refund by its out_request_no; one refund in all.
    expect(alipay.refundCalls - calls).toBe(2);
    expect([...alipay.refunds.values()].filter((r) => r.outTradeNo === orderNo)).toHaveLength(1);
    expect(alipay.refunds.get(lost.data.refund.refundNo)?.refundAmount).toBe('100.00');
    await expectBooksBalanced(db());
  });

  it('a crash before the call: the check finds no refund at Alipay and sends it, once', async () => {
    const { orderNo } = await paidDeposit('alipay');
    const intent = await beginRefund(db(), t.config, { operatorId: null, ip: null }, { orderNo, amountMinor: 10_000, reason: '崩溃' });
    expect(alipay.refunds.has(intent.refundNo)).toBe(false);
    await runRefundChecks();
    expect(await refundState(intent.refundNo)).toBe(1);
    expect(alipay.refunds.get(intent.refundNo)?.refundAmount).toBe('100.00');
    await expectBooksBalanced(db());
  });
});

describe('WeChat Pay refunds (POST /v3/refund/domestic/refunds against the stub)', () => {
  it('a PROCESSING refund is followed by the check job until WeChat Pay says SUCCESS', async () => {
    const { userId, orderNo } = await paidDeposit('wechatpay');
    wechat.newRefundStatus = 'PROCESSING';
    try {
      const made = await refund(orderNo, 10_000);
      expect(made.data.refund).toMatchObject({ state: 0, providerStatus: 'PROCESSING' });
      const at = wechat.refunds.get(made.data.refund.refundNo)!;
      expect(at).toMatchObject({ outTradeNo: orderNo, refund: 10_000, total: 10_000 });
      await runRefundChecks();
      expect(await refundState(made.data.refund.refundNo)).toBe(0);
      at.status = 'SUCCESS';
      await runRefundChecks();
      expect(await refundState(made.data.refund.refundNo)).toBe(1);
      expect(await coins(userId)).toBe(200);
    } finally {
      wechat.newRefundStatus = 'SUCCESS';
    }
    expect(wechat.badSignatures).toBe(0);
    await expectBooksBalanced(db());
  });

  it('a refusal (NOT_ENOUGH) gives the coins back and tells the player; nothing is refunded', async () => {
    const { userId, orderNo } = await paidDeposit('wechatpay');
    wechat.refuseRefunds = 'NOT_ENOUGH';
    try {
      const refused = await refund(orderNo, 10_000);
      expect(refused.data.refund).toMatchObject({ state: 2, providerStatus: 'NOT_ENOUGH' });
      expect(refused.data.quote).toMatchObject({ refundableMinor: 10_000, refundedMinor: 0, pendingMinor: 0 });
    } finally {
      wechat.refuseRefunds = null;
    }
    expect(await coins(userId)).toBe(12_200);
    const [m] = await queryRows<{ n: unknown }>(
      db(),
      sql`SELECT count(*) AS n FROM messages WHERE user_id = ${userId} AND title = '充值退款未成功'`,
    );
    expect(toInt(m?.n)).toBe(1);
    await expectBooksBalanced(db());
  });

  it('an answer not signed by the platform key is no answer: pending, then settled by the check once answers are genuine', async () => {
    const { orderNo } = await paidDeposit('wechatpay');
    const calls = wechat.refundCalls;
    wechat.forgeAnswers = true;
    let refundNo: string;
    try {
      const made = await refund(orderNo, 3_000);
      expect(made.data.refund.state).toBe(0);
      refundNo = made.data.refund.refundNo;
    } finally {
      wechat.forgeAnswers = false;
    }
    await runRefundChecks();
    expect(await refundState(refundNo)).toBe(1);
    expect(wechat.refundCalls - calls).toBe(1);
    await expectBooksBalanced(db());
  });
});
