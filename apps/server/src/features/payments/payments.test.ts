import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../testing/factories.js';
import { call } from '../../testing/auth-helpers.js';
import { usingPostgres } from '../../testing/test-db.js';
import { createJobRunner } from '../../platform/jobs/index.js';
import { registerJobHandlers, createAppContext } from '../../app.js';
import { findChannel, signCallback } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
/** A real-name-verified player: the first-deposit bonus is theirs only (docs/decisions/0016; its own tests). */
async function player() {
  const user = await givenUser(db());
  await db().execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
  return { user, token: await givenSession(db(), user.id) };
}
const balance = async (token: string) => (await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.balance as number;
const order = async (token: string, amount = 10_000, currencyCode = 'CNY') =>
  call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode, amount }, token);

async function callback(body: Record<string, unknown>, opts: { secret?: string; timestamp?: number; raw?: string } = {}) {
  const channel = (await findChannel(db(), 1))!;
  const raw = opts.raw ?? JSON.stringify(body);
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/callback/1',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signCallback(opts.secret ?? channel.secret, timestamp, raw),
    },
    payload: raw,
  });
  return { code: res.statusCode, text: res.body };
}
const paid = (orderId: string, amount = 10_000, txn = `TXN-${orderId}`) => ({
  orderId,
  providerTxnId: txn,
  amount,
  currency: 'CNY',
  status: 'paid',
});

describe('deposit orders', () => {
  it('lists the channels, currencies, presets and the first-deposit bonus', async () => {
    const cfg = (await call(t.app, 'GET', '/api/recharge/rechargeConfig')).data;
    expect(cfg.rechargeChannelList[0]).toMatchObject({ id: 1, currencyCodeList: ['CNY', 'USD'] });
    expect(cfg.currencyRateVoList.map((c: { currency: string }) => c.currency).sort()).toEqual(['CNY', 'USD']);
    expect(cfg).toMatchObject({ firstDepositBonusPercent: 20, hasRecharged: false });
  });

  it('refuses without a channel or a currency, and outside the channel limits', async () => {
    const { token } = await player();
    expect(await call(t.app, 'POST', '/api/recharge/makePayment', { currencyCode: 'CNY', amount: 1000 }, token)).toEqual({
      status: 3008,
      msg: '请选择支付渠道',
      data: null,
    });
    expect(await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, amount: 1000 }, token)).toEqual({
      status: 3009,
      msg: '请选择币种',
      data: null,
    });
    expect(
      (await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'EUR', amount: 1000 }, token)).status,
    ).toBe(3009);
    expect(
      (await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 9, currencyCode: 'CNY', amount: 1000 }, token)).status,
    ).toBe(5002);
    expect((await order(token, 50)).status).toBe(5001);
    expect((await order(token, 6_000_000)).status).toBe(5001);
  });

  it('pays through the sandbox checkout: credit, +20 % once on the first deposit, flow records from the ledger', async () => {
    const { token } = await player();
    const made = (await order(token)).data;
    expect(made.payUrl).toBe(`/api/sandbox/checkout?orderId=${made.orderId}`);
    const page = await t.app.inject({ method: 'GET', url: made.payUrl });
    expect(page.body).toContain('沙盒收银台');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/checkout/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `orderId=${made.orderId}&action=pay`,
    });
    expect(done.statusCode).toBe(302);
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: made.orderId }, token)).data).toMatchObject({
      state: 1,
      creditAmount: 10_000,
      bonusAmount: 2_000,
      firstRechargeFlag: true,
    });
    // ¥100 also reaches VIP 1, whose level-up reward is ¥2.
    expect(await balance(token)).toBe(12_200);
    const second = (await order(token, 5_000)).data;
    expect((await callback(paid(second.orderId, 5_000))).text).toBe('success');
    expect(await balance(token)).toBe(17_200);
    const flows = (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', {}, token)).data.pageData;
    expect(
      flows.map((f: { actionType: string; changeAmount: number; balanceAfter: number }) => [f.actionType, f.changeAmount, f.balanceAfter]),
    ).toEqual([
      ['deposit', 5_000, 17_200],
      ['vip_points', 500, 500],
      ['vip_reward', 200, 12_200],
      ['deposit_bonus', 2_000, 12_000],
      ['deposit', 10_000, 10_000],
    ]);
    expect(flows[3].actionName).toBe('首充奖励');
    const onlyBonus = (await call(t.app, 'GET', '/api/personalCenter/getMyBalanceLog', { actionType: 'deposit_bonus' }, token)).data;
    expect(onlyBonus.totalRows).toBe(1);
    const records = (await call(t.app, 'GET', '/api/personalCenter/getMyPaymentPage', {}, token)).data;
    expect(records.pageData.map((r: { state: number }) => r.state)).toEqual([1, 1]);
    await expectBooksBalanced(db());
  });

  it('converts another currency at our own rate', async () => {
    const { token } = await player();
    const made = (await order(token, 1_000, 'USD')).data;
    await callback({ ...paid(made.orderId, 1_000), currency: 'USD' });
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: made.orderId }, token)).data).toMatchObject({
      state: 1,
      creditAmount: 7_200,
    });
  });

  it('cancels through the checkout, and an expired order is cancelled by the job', async () => {
    const { token } = await player();
    const a = (await order(token)).data;
    await t.app.inject({ method: 'POST', url: '/api/sandbox/checkout/complete', payload: { orderId: a.orderId, action: 'cancel' } });
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: a.orderId }, token)).data.state).toBe(2);
    const b = (await order(token)).data;
    await db().execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'deposit.expire'`);
    const runner = createJobRunner({ db: db(), logger: { info() {}, warn() {}, error() {} }, pollMs: 50 });
    registerJobHandlers(runner, createAppContext({ config: t.config, database: t.database, live: t.live }));
    await runner.runOnce();
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: b.orderId }, token)).data.state).toBe(2);
    expect((await callback(paid(b.orderId))).text).toMatch(/already processed/);
    expect(await balance(token)).toBe(0);
  });

  it('answers another user’s order like a missing one', async () => {
    const a = await player();
    const b = await player();
    const made = (await order(a.token)).data;
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: made.orderId }, b.token)).status).toBe(1002);
  });
});

describe('payment webhook', () => {
  it('refuses unsigned, wrongly signed and late callbacks, and credits nothing', async () => {
    const { token } = await player();
    const made = (await order(token)).data;
    const raw = JSON.stringify(paid(made.orderId));
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/callback/1',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await callback(paid(made.orderId), { secret: 'not-the-channel-secret' })).code).toBe(401);
    expect((await callback(paid(made.orderId), { timestamp: Math.floor(Date.now() / 1000) - 400 })).code).toBe(401);
    // A body changed after signing: the signature covers the exact bytes.
    const channel = (await findChannel(db(), 1))!;
    const ts = String(Math.floor(Date.now() / 1000));
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/callback/1',
      headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signCallback(channel.secret, ts, raw) },
      payload: raw.replace('10000', '99999'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await balance(token)).toBe(0);
  });

  it('refuses an amount or currency that differs from the order', async () => {
    const { token } = await player();
    const made = (await order(token)).data;
    expect((await callback(paid(made.orderId, 99_999))).code).toBe(400);
    expect((await callback({ ...paid(made.orderId), currency: 'USD' })).code).toBe(400);
    expect(await balance(token)).toBe(0);
  });

  it('credits a replayed callback once, and refuses a provider transaction reused for another order', async () => {
    const { token } = await player();
    const made = (await order(token)).data;
    const body = paid(made.orderId, 10_000, 'SAME-TXN-1');
    expect((await callback(body)).text).toBe('success');
    expect((await callback(body)).text).toMatch(/already processed/);
    expect(await balance(token)).toBe(12_200);
    const other = (await order(token)).data;
    expect((await callback(paid(other.orderId, 10_000, 'SAME-TXN-1'))).code).toBe(409);
    expect(await balance(token)).toBe(12_200);
    await expectBooksBalanced(db());
  });
});

describe.skipIf(!usingPostgres())('payment webhook under concurrency (PostgreSQL)', () => {
  it('20 concurrent duplicate callbacks credit once, with one first-deposit bonus', async () => {
    const { token } = await player();
    const made = (await order(token)).data;
    const results = await Promise.all(Array.from({ length: 20 }, () => callback(paid(made.orderId))));
    expect(results.filter((r) => r.text === 'success')).toHaveLength(1);
    expect(await balance(token)).toBe(12_200);
    await expectBooksBalanced(db());
  });
});

describe('daily top-up reward', () => {
  it('pays the tier of the day’s deposits once a day', async () => {
    const { token } = await player();
    expect((await call(t.app, 'POST', '/api/activity/dailyTopUp/claim', {}, token)).status).toBe(5003);
    const made = (await order(token, 60_000)).data;
    await callback(paid(made.orderId, 60_000));
    const status = (await call(t.app, 'GET', '/api/activity/dailyTopUp', {}, token)).data;
    expect(status).toMatchObject({ todayDeposit: 60_000, reward: 1_200, claimed: false, claimable: true });
    const before = await balance(token);
    expect((await call(t.app, 'POST', '/api/activity/dailyTopUp/claim', {}, token)).data).toMatchObject({
      reward: 1_200,
      balance: before + 1_200,
    });
    expect((await call(t.app, 'POST', '/api/activity/dailyTopUp/claim', {}, token)).status).toBe(5004);
    expect((await call(t.app, 'GET', '/api/activity/dailyTopUp', {}, token)).data).toMatchObject({ claimed: true, claimable: false });
    await expectBooksBalanced(db());
  });

  it('answers a retried claim with the same Idempotency-Key with the first answer, paying once', async () => {
    const { token } = await player();
    const made = (await order(token, 60_000)).data;
    await callback(paid(made.orderId, 60_000));
    const claim = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/activity/dailyTopUp/claim',
          headers: { token, 'idempotency-key': 'topup-claim-0001', 'content-type': 'application/json' },
          payload: '{}',
        })
      ).json();
    const first = await claim();
    expect(first).toMatchObject({ status: 0, data: { reward: 1_200 } });
    expect(await claim()).toEqual(first);
    expect(await balance(token)).toBe(first.data.balance);
    await expectBooksBalanced(db());
  });

  it('pays one account a day per device and per real-name identity (decision 0016)', async () => {
    const device = randomBytes(16).toString('hex');
    const claimFrom = async (token: string, from: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/activity/dailyTopUp/claim',
          headers: { token, 'device-id': from, 'content-type': 'application/json' },
          payload: '{}',
        })
      ).json();
    const [a, b, c] = [await player(), await player(), await player()];
    const person = `topup-id-${process.pid}-${a.user.id}`;
    await db().execute(sql`UPDATE users SET id_card_hash = ${person} WHERE id = ${a.user.id}`);
    for (const p of [a, b, c]) await callback(paid((await order(p.token, 10_000)).data.orderId, 10_000));
    expect((await claimFrom(a.token, device)).data).toMatchObject({ reward: 200 });
    const before = await balance(b.token);
    expect(await claimFrom(b.token, device)).toMatchObject({
      status: errorCatalogue.BONUS_DEVICE_CLAIMED.status,
      msg: errorCatalogue.BONUS_DEVICE_CLAIMED.zh,
    });
    expect(await balance(b.token)).toBe(before);
    // The same person on another account and device: the ID number freed from a and verified on c.
    await db().execute(sql`UPDATE users SET id_card_hash = NULL WHERE id = ${a.user.id}`);
    await db().execute(sql`UPDATE users SET id_card_hash = ${person} WHERE id = ${c.user.id}`);
    expect((await claimFrom(c.token, randomBytes(16).toString('hex'))).status).toBe(errorCatalogue.BONUS_IDENTITY_CLAIMED.status);
    expect((await claimFrom(b.token, randomBytes(16).toString('hex'))).data).toMatchObject({ reward: 200 });
    // Its own second claim is "claimed", even from a script that sends no device id.
    await db().execute(sql`UPDATE users SET verified_at = NULL WHERE id = ${b.user.id}`);
    expect((await call(t.app, 'POST', '/api/activity/dailyTopUp/claim', {}, b.token)).status).toBe(
      errorCatalogue.DAILY_TOPUP_CLAIMED.status,
    );
    await expectBooksBalanced(db());
  });
});

describe('recharge coupons', () => {
  it('reserves a recharge coupon with the order, pays its extra credit, and gives it back on cancel', async () => {
    const { user, token } = await player();
    const { grantVoucher } = await import('../vouchers/index.js');
    await grantVoucher(db(), {
      userId: user.id,
      voucherType: 1,
      couponType: 2,
      name: '充值加赠5%',
      discountBp: 500,
      minSpendFen: 5_000,
      source: 'test',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const couponId = (await call(t.app, 'GET', '/api/personalCenter/getMyCoupons', { couponType: 2 }, token)).data[0].id;
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/recharge/makePayment',
          { rechargeChannelId: 1, currencyCode: 'CNY', amount: 1_000, couponId },
          token,
        )
      ).status,
    ).toBe(5303);
    const cancelled = (
      await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 10_000, couponId }, token)
    ).data;
    expect((await call(t.app, 'GET', '/api/personalCenter/getMyCoupons', { couponType: 2 }, token)).data).toHaveLength(0);
    expect((await callback({ ...paid(cancelled.orderId), status: 'cancelled' })).text).toBe('success');
    expect((await call(t.app, 'GET', '/api/personalCenter/getMyCoupons', { couponType: 2 }, token)).data).toHaveLength(1);
    const made = (
      await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 10_000, couponId }, token)
    ).data;
    await callback(paid(made.orderId));
    expect((await call(t.app, 'GET', '/api/recharge/paymentState', { orderId: made.orderId }, token)).data).toMatchObject({
      state: 1,
      couponBonusAmount: 500,
      bonusAmount: 2_000,
    });
    // 100 + 20 % first deposit + 5 % coupon + the VIP 1 reward of ¥2
    expect(await balance(token)).toBe(10_000 + 2_000 + 500 + 200);
    await expectBooksBalanced(db());
  });
});
