import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { call } from '../../../testing/auth-helpers.js';
import { createJobRunner } from '../../../platform/jobs/index.js';
import { createAppContext, registerJobHandlers } from '../../../app.js';
import { startAlipayStub, type AlipayStub } from '../../../testing/stubs/alipay-stub.js';
import { startWechatPayStub, type WechatPayStub } from '../../../testing/stubs/wechatpay-stub.js';
import { paymentStubEnv } from '../../../testing/stubs/payment-env.js';
import { usingPostgres } from '../../../testing/test-db.js';
import { queryRows } from '../../../platform/db/rows.js';
import { listOrderCallbacks, PROVIDER_CHANNELS } from '../index.js';

let t: TestApp;
let alipay: AlipayStub;
let wechat: WechatPayStub;
beforeAll(async () => {
  [alipay, wechat] = await Promise.all([startAlipayStub(), startWechatPayStub()]);
  t = await buildTestApp({ env: paymentStubEnv(alipay, wechat) });
  // The stubs post notifications over real HTTP, so the app listens on a random loopback port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alipay.setNotifyOrigin(origin);
  wechat.setNotifyOrigin(origin);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([alipay?.close(), wechat?.close()]);
});

const db = () => t.database.db;
const ALIPAY = PROVIDER_CHANNELS.alipay.id;
const WECHAT = PROVIDER_CHANNELS.wechatpay.id;

async function player() {
  const user = await givenUser(db());
  await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  return { user, token: await givenSession(db(), user.id) };
}
const balance = async (token: string) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.balance as number;
const state = async (token: string, orderId: string) =>
  (await call(t.app, 'GET', '/api/recharge/paymentState', { orderId }, token)).data.state as number;
async function order(
  token: string,
  channelId: number,
  amount = 10_000,
): Promise<{ orderId: string; payUrl: string; qrCode: string | null }> {
  const made = await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: channelId, currencyCode: 'CNY', amount }, token);
  expect(made.status).toBe(0);
  return made.data;
}
async function reconcileNow() {
  await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'deposit.reconcile' AND state = 'pending'`);
  const runner = createJobRunner({ db: db(), logger: { info() {}, warn() {}, error() {} }, pollMs: 50 });
  registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
  return runner.runOnce();
}
const otherKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('payment channels', () => {
  it('lists Alipay and WeChat Pay beside the sandbox when they are configured, CNY only', async () => {
    const cfg = (await call(t.app, 'GET', '/api/recharge/rechargeConfig')).data;
    const channels = cfg.rechargeChannelList.map((c: { id: number; channelType: number; currencyCodeList: string[] }) => [
      c.id,
      c.channelType,
      c.currencyCodeList,
    ]);
    expect(channels).toEqual([
      [1, 9, ['CNY', 'USD']],
      [ALIPAY, 1, ['CNY']],
      [WECHAT, 0, ['CNY']],
    ]);
  });
});

describe('Alipay (alipay-sdk against a stub gateway)', () => {
  it('creates an RSA2-signed page payment; a notification signed by Alipay pays the order once, books balanced', async () => {
    const { token } = await player();
    const made = await order(token, ALIPAY);
    const url = new URL(made.payUrl);
    expect(url.origin + url.pathname).toBe(alipay.gateway);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(url.searchParams.get('sign_type')).toBe('RSA2');
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toMatchObject({
      out_trade_no: made.orderId,
      total_amount: '100.00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    // The payer's browser opens it: the gateway checks our signature and the trade exists.
    expect(await alipay.open(made.payUrl)).toBe(200);
    expect(alipay.trades.get(made.orderId)?.totalAmount).toBe('100.00');
    alipay.pay(made.orderId);
    const first = await alipay.notify(made.orderId);
    expect(first).toMatchObject({ status: 200, body: 'success' });
    expect(await state(token, made.orderId)).toBe(1);
    // ¥100 + 20 % first deposit + the VIP 1 reward (as with the sandbox channel).
    expect(await balance(token)).toBe(12_200);
    // Alipay retries until it reads `success`: the same bytes again are acknowledged and credit nothing.
    expect(await alipay.redeliver(first.raw, alipay.trades.get(made.orderId)!.notifyUrl)).toEqual({ status: 200, body: 'success' });
    expect(await balance(token)).toBe(12_200);
    const kept = await listOrderCallbacks(db(), made.orderId);
    expect(kept.map((c) => c.outcome)).toEqual(['success', 'success: already processed']);
    expect(kept[0]!.rawBody).toBe(first.raw);
    expect(alipay.badSignatures).toBe(0);
    await expectBooksBalanced(db());
  });

  it('refuses a forged or altered notification, a wrong amount or currency, and an unknown order; nothing is credited', async () => {
    const { token } = await player();
    const made = await order(token, ALIPAY);
    await alipay.open(made.payUrl);
    expect(await alipay.notify(made.orderId, { signWith: otherKey() })).toEqual(expect.objectContaining({ status: 401, body: 'fail' }));
    // Signed for ¥100, delivered as ¥999: the signature covers the values.
    expect((await alipay.notify(made.orderId, { tamper: (raw) => raw.replace('total_amount=100.00', 'total_amount=999.00') })).body).toBe(
      'fail',
    );
    // Correctly signed by Alipay but for another amount or currency than our order: refused and kept.
    expect(await alipay.notify(made.orderId, { overrides: { total_amount: '999.00' } })).toEqual(
      expect.objectContaining({ status: 400, body: 'fail' }),
    );
    expect((await alipay.notify(made.orderId, { overrides: { trans_currency: 'USD' } })).body).toBe('fail');
    expect((await alipay.notify(made.orderId, { overrides: { out_trade_no: 'D20261125ffffffffffffffff' } })).body).toBe('fail');
    expect((await listOrderCallbacks(db(), 'D20261125ffffffffffffffff')).map((c) => c.outcome)).toEqual(['fail: NOT_FOUND']);
    // Another application's notice (Alipay signs those too).
    expect((await alipay.notify(made.orderId, { overrides: { app_id: '2021000000000999' } })).body).toBe('fail');
    expect(await state(token, made.orderId)).toBe(0);
    expect(await balance(token)).toBe(0);
    const kept = await listOrderCallbacks(db(), made.orderId);
    expect(kept.map((c) => c.outcome)).toEqual(['fail: AMOUNT_INVALID', 'fail: AMOUNT_INVALID', 'fail: body']);
    await expectBooksBalanced(db());
  });

  it('precreate (QR mode) returns the QR code content from a verified answer', async () => {
    const qr = await buildTestApp({ env: { ...paymentStubEnv(alipay, wechat), ALIPAY_MODE: 'qr' }, database: t.database });
    try {
      const { token } = await player();
      const made = (
        await call(qr.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: ALIPAY, currencyCode: 'CNY', amount: 5_000 }, token)
      ).data;
      expect(made.payUrl).toMatch(/^https:\/\/qr\.alipay\.com\/stub/);
      expect(made.qrCode).toBe(made.payUrl);
      expect(alipay.trades.get(made.orderId)).toMatchObject({ totalAmount: '50.00', status: 'WAIT_BUYER_PAY' });
    } finally {
      await qr.app.close();
    }
  });

  it('reconciliation settles an order Alipay reports paid, once, and a late notification changes nothing', async () => {
    const { token } = await player();
    const made = await order(token, ALIPAY);
    await alipay.open(made.payUrl);
    alipay.pay(made.orderId);
    expect(await reconcileNow()).toBeGreaterThanOrEqual(1);
    expect(await state(token, made.orderId)).toBe(1);
    expect(await balance(token)).toBe(12_200);
    expect((await alipay.notify(made.orderId)).body).toBe('success');
    await reconcileNow();
    expect(await balance(token)).toBe(12_200);
    const kept = await listOrderCallbacks(db(), made.orderId);
    expect(kept.map((c) => c.outcome)).toEqual(['success: reconciled', 'success: already processed']);
    await expectBooksBalanced(db());
  });
});

describe('WeChat Pay API v3 (Node crypto against a stub)', () => {
  it('creates a signed Native payment (code_url); an encrypted, platform-signed notification pays once', async () => {
    const { token } = await player();
    const made = await order(token, WECHAT);
    expect(made.payUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    // Native mode has no page to open: the browser draws this as a QR code.
    expect(made.qrCode).toBe(made.payUrl);
    expect(wechat.trades.get(made.orderId)).toMatchObject({ total: 10_000, currency: 'CNY', state: 'NOTPAY', kind: 'native' });
    expect(wechat.trades.get(made.orderId)!.notifyUrl).toMatch(new RegExp(`/api/callback/${WECHAT}$`));
    wechat.pay(made.orderId);
    const first = await wechat.notify(made.orderId);
    expect(first).toMatchObject({ status: 200, body: '' });
    expect(await state(token, made.orderId)).toBe(1);
    expect(await balance(token)).toBe(12_200);
    // The same notification replayed (WeChat Pay redelivers until it gets 200): settled exactly once.
    expect(await wechat.redeliver(first.delivery)).toEqual({ status: 200, body: '' });
    expect(await balance(token)).toBe(12_200);
    expect(wechat.badSignatures).toBe(0);
    await expectBooksBalanced(db());
  });

  it('refuses a forged, tampered, stale or undecryptable notification, a wrong amount or currency, and an unknown order', async () => {
    const { token } = await player();
    const made = await order(token, WECHAT);
    const refused = (r: { status: number; body: string }) => r.status >= 400 && JSON.parse(r.body).code === 'FAIL';
    expect(refused(await wechat.notify(made.orderId, { signWith: otherKey() }))).toBe(true);
    expect(refused(await wechat.notify(made.orderId, { tamper: (raw) => raw.replace('"支付成功"', '"支付成功 "') }))).toBe(true);
    // A captured notification replayed after the ±300 s window.
    expect((await wechat.notify(made.orderId, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(401);
    // Encrypted under another APIv3 key: the GCM tag does not check.
    expect((await wechat.notify(made.orderId, { apiV3Key: 'x'.repeat(32) })).status).toBe(400);
    expect(
      (
        await wechat.notify(made.orderId, {
          transaction: { amount: { total: 99_900, payer_total: 99_900, currency: 'CNY', payer_currency: 'CNY' } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await wechat.notify(made.orderId, {
          transaction: { amount: { total: 10_000, payer_total: 10_000, currency: 'USD', payer_currency: 'USD' } },
        })
      ).status,
    ).toBe(400);
    expect((await wechat.notify(made.orderId, { transaction: { out_trade_no: 'D20261125eeeeeeeeeeeeeeee' } })).status).toBe(400);
    expect((await wechat.notify(made.orderId, { transaction: { mchid: '1900000999' } })).status).toBe(400);
    expect(await state(token, made.orderId)).toBe(0);
    expect(await balance(token)).toBe(0);
    const kept = await listOrderCallbacks(db(), made.orderId);
    expect(kept.map((c) => c.outcome)).toEqual(['fail: AMOUNT_INVALID', 'fail: AMOUNT_INVALID', 'fail: body']);
    await expectBooksBalanced(db());
  });

  it('reconciliation: an unpaid order is asked again later; once paid it is settled exactly once, even with a notification racing it', async () => {
    const { token } = await player();
    const made = await order(token, WECHAT);
    await reconcileNow();
    expect(await state(token, made.orderId)).toBe(0);
    const [next] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'deposit.reconcile' AND state = 'pending' AND payload->>'orderId' IN (SELECT id::text FROM deposit_orders WHERE order_no = ${made.orderId})`,
    );
    expect(Number(next!.n)).toBe(1);
    wechat.pay(made.orderId);
    const [jobs, notified] = await Promise.all([reconcileNow(), wechat.notify(made.orderId)]);
    expect(jobs).toBeGreaterThanOrEqual(1);
    expect(notified.status).toBe(200);
    expect(await state(token, made.orderId)).toBe(1);
    expect(await balance(token)).toBe(12_200);
    // Whichever came first settled; the other found the order paid (a job that finds it paid asks nothing).
    const outcomes = (await listOrderCallbacks(db(), made.orderId)).map((c) => c.outcome);
    expect(outcomes.filter((o) => o === 'success' || o === 'success: reconciled')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'success' && o !== 'success: reconciled').every((o) => o === 'success: already processed')).toBe(
      true,
    );
    await expectBooksBalanced(db());
  });

  it('never trusts an answer not signed by the provider: a forged "paid" settles nothing, and no order is made from a forged answer', async () => {
    const { token } = await player();
    const w = await order(token, WECHAT);
    const a = await order(token, ALIPAY);
    await alipay.open(a.payUrl);
    wechat.pay(w.orderId);
    alipay.pay(a.orderId);
    wechat.forgeAnswers = true;
    alipay.forgeAnswers = true;
    try {
      await reconcileNow();
      expect([await state(token, w.orderId), await state(token, a.orderId)]).toEqual([0, 0]);
      expect(await balance(token)).toBe(0);
      const failed = await queryRows<{ last_error: string }>(
        db(),
        sql`SELECT last_error FROM jobs WHERE kind = 'deposit.reconcile' AND last_error IS NOT NULL AND payload->>'orderId' IN (SELECT id::text FROM deposit_orders WHERE order_no IN (${w.orderId}, ${a.orderId}))`,
      );
      expect(failed).toHaveLength(2);
      // alipay-sdk's response check (验签失败) and ours (not signed by the platform key), not a transport error.
      expect(failed.map((f) => f.last_error)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^验签失败/), expect.stringMatching(/not signed by the platform key/)]),
      );
      // Creating a payment through a forged answer is refused the same way.
      const refused = await call(
        t.app,
        'POST',
        '/api/recharge/makePayment',
        { rechargeChannelId: WECHAT, currencyCode: 'CNY', amount: 1_000 },
        token,
      );
      expect(refused).toMatchObject({ status: 5002, data: null });
    } finally {
      wechat.forgeAnswers = false;
      alipay.forgeAnswers = false;
    }
    // Once answers are genuine again, the retried checks settle both orders.
    await reconcileNow();
    expect([await state(token, w.orderId), await state(token, a.orderId)]).toEqual([1, 1]);
    await expectBooksBalanced(db());
  });

  it('reconciliation refuses a trade the provider reports paid for another amount, and keeps it for the operator', async () => {
    const { token } = await player();
    const made = await order(token, WECHAT);
    wechat.pay(made.orderId);
    wechat.trades.get(made.orderId)!.total = 1;
    await reconcileNow();
    expect(await state(token, made.orderId)).toBe(0);
    expect(await balance(token)).toBe(0);
    expect((await listOrderCallbacks(db(), made.orderId)).map((c) => c.outcome)).toEqual(['fail: reconcile AMOUNT_INVALID']);
  });

  it('a payment notified after the order expired credits nothing and is kept for a refund', async () => {
    const { token } = await player();
    const made = await order(token, WECHAT);
    await db().execute(
      sql`UPDATE jobs SET run_at = now() WHERE kind = 'deposit.expire' AND payload->>'orderId' IN (SELECT id::text FROM deposit_orders WHERE order_no = ${made.orderId})`,
    );
    await reconcileNow();
    expect(await state(token, made.orderId)).toBe(2);
    wechat.pay(made.orderId);
    expect((await wechat.notify(made.orderId)).status).toBe(200);
    expect(await state(token, made.orderId)).toBe(2);
    expect(await balance(token)).toBe(0);
    expect((await listOrderCallbacks(db(), made.orderId)).map((c) => c.outcome)).toEqual(['success: paid after cancellation, refund']);
  });

  it('H5 mode asks for an h5_url with the payer address', async () => {
    const h5 = await buildTestApp({ env: { ...paymentStubEnv(alipay, wechat), WECHATPAY_MODE: 'h5' }, database: t.database });
    try {
      const { token } = await player();
      const made = (
        await call(h5.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: WECHAT, currencyCode: 'CNY', amount: 2_000 }, token)
      ).data;
      expect(made.payUrl).toMatch(/^https:\/\/wx\.tenpay\.com\/.*&redirect_url=/);
      expect(made.qrCode).toBeNull();
      expect(wechat.trades.get(made.orderId)).toMatchObject({ total: 2_000, kind: 'h5' });
    } finally {
      await h5.app.close();
    }
  });
});

describe.skipIf(!usingPostgres())('real providers under concurrency (PostgreSQL)', () => {
  it('10 concurrent deliveries of one WeChat Pay notification, 5 Alipay ones and reconciliation credit each order once', async () => {
    const p1 = await player();
    const p2 = await player();
    const w = await order(p1.token, WECHAT);
    const a = await order(p2.token, ALIPAY, 5_000);
    await alipay.open(a.payUrl);
    wechat.pay(w.orderId);
    alipay.pay(a.orderId);
    const delivery = wechat.build(w.orderId);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => wechat.redeliver(delivery)),
      ...Array.from({ length: 5 }, () => alipay.notify(a.orderId)),
      reconcileNow(),
    ]);
    expect(results.slice(0, 15).map((r) => (typeof r === 'object' ? `${r.status} ${r.body}` : r))).toEqual([
      ...Array(10).fill('200 '),
      ...Array(5).fill('200 success'),
    ]);
    // ¥100 + 20 % first deposit + VIP 1 reward; ¥50 + 20 %.
    expect(await balance(p1.token)).toBe(12_200);
    expect(await balance(p2.token)).toBe(6_000);
    for (const orderId of [w.orderId, a.orderId]) {
      const outcomes = (await listOrderCallbacks(db(), orderId)).map((c) => c.outcome);
      expect(outcomes.filter((o) => o === 'success' || o === 'success: reconciled')).toHaveLength(1);
    }
    await expectBooksBalanced(db());
  });

  it("one player's two deposits settling at the same instant both succeed at once, with one first-deposit bonus", async () => {
    const { token } = await player();
    const w = await order(token, WECHAT);
    const a = await order(token, ALIPAY, 5_000);
    await alipay.open(a.payUrl);
    wechat.pay(w.orderId);
    alipay.pay(a.orderId);
    const [fromWechat, fromAlipay] = await Promise.all([wechat.redeliver(wechat.build(w.orderId)), alipay.notify(a.orderId)]);
    expect([fromWechat.status, fromAlipay.body]).toEqual([200, 'success']);
    const bonuses = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM deposit_orders WHERE order_no IN (${w.orderId}, ${a.orderId}) AND bonus_fen > 0`,
    );
    expect(Number(bonuses[0]!.n)).toBe(1);
    // ¥150 deposited, 20 % of whichever settled first, and the VIP 1 reward (¥2).
    expect([15_000 + 2_000 + 200, 15_000 + 1_000 + 200]).toContain(await balance(token));
    await expectBooksBalanced(db());
  });
});
