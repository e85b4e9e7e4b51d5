import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../../../config.js';
import { call } from '../../../testing/auth-helpers.js';
import { expectBooksBalanced, givenSession, givenUser } from '../../../testing/factories.js';
import { productionBaseEnv, startProductionApp } from '../../../testing/production-start.js';
import { startAlipayStub, type AlipayStub } from '../../../testing/stubs/alipay-stub.js';
import { startWechatPayStub, type WechatPayStub } from '../../../testing/stubs/wechatpay-stub.js';
import { paymentStubEnv } from '../../../testing/stubs/payment-env.js';
import type { TestApp } from '../../../testing/test-app.js';
import { PROVIDER_CHANNELS } from '../index.js';

let alipay: AlipayStub;
let wechat: WechatPayStub;
beforeAll(async () => {
  [alipay, wechat] = await Promise.all([startAlipayStub(), startWechatPayStub()]);
});
afterAll(async () => {
  await Promise.all([alipay?.close(), wechat?.close()]);
});

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig({ ...productionBaseEnv, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return '';
}

describe('payment provider configuration', () => {
  it('accepts a production start with the sandbox off and the real providers configured', () => {
    expect(problemsOf(paymentStubEnv(alipay, wechat))).toBe('');
    const config = loadConfig({ ...productionBaseEnv, ...paymentStubEnv(alipay, wechat) });
    expect(config.sandboxTools).toBe(false);
    expect(config.payments.alipay).toMatchObject({ appId: alipay.appId, gateway: alipay.gateway, mode: 'page' });
    expect(config.payments.wechatpay).toMatchObject({ mchId: wechat.mchId, platformPublicKeyId: wechat.publicKeyId, mode: 'native' });
  });

  it('lists every missing or unreadable payment setting at once, and unknown providers', () => {
    const text = problemsOf({
      PAYMENT_PROVIDERS: 'alipay,wechatpay,paypal',
      ALIPAY_PRIVATE_KEY: 'not a key',
      WECHATPAY_APIV3_KEY: 'short',
    });
    for (const expected of [
      'PAYMENT_PROVIDERS: unknown provider "paypal"',
      'ALIPAY_APP_ID: required',
      'ALIPAY_PRIVATE_KEY: not a readable private key',
      'ALIPAY_PUBLIC_KEY: required',
      'WECHATPAY_MCH_ID: required',
      'WECHATPAY_APIV3_KEY: exactly 32 ASCII characters',
      'WECHATPAY_PRIVATE_KEY: required',
      'WECHATPAY_PUBLIC_KEY_ID: required',
      'WECHATPAY_PUBLIC_KEY: required',
    ])
      expect(text).toContain(expected);
  });

  it('talks to the providers over https only (a loopback stub excepted)', () => {
    expect(
      problemsOf({
        ...paymentStubEnv(alipay, wechat),
        ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do',
        WECHATPAY_BASE_URL: 'http://api.mch.weixin.qq.com',
      }),
    ).toMatch(/ALIPAY_GATEWAY: must be https[\s\S]*WECHATPAY_BASE_URL: must be https/);
    expect(
      problemsOf({
        ...paymentStubEnv(alipay, wechat),
        ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
        WECHATPAY_BASE_URL: 'https://api.mch.weixin.qq.com',
      }),
    ).toBe('');
  });
});

describe('a production start with real payment providers (issue 17 "Done when")', () => {
  let t: TestApp & { origin: string };
  beforeAll(async () => {
    t = await startProductionApp(paymentStubEnv(alipay, wechat));
    alipay.setNotifyOrigin(t.origin);
    wechat.setNotifyOrigin(t.origin);
  });
  afterAll(async () => t?.close());

  it('boots with the sandbox channel closed, takes Alipay and WeChat Pay notifications, and credits each order once', async () => {
    const db = t.database.db;
    const channels = (await call(t.app, 'GET', '/api/recharge/rechargeConfig')).data.rechargeChannelList.map((c: { id: number }) => c.id);
    expect(channels).toEqual([PROVIDER_CHANNELS.alipay.id, PROVIDER_CHANNELS.wechatpay.id]);
    const user = await givenUser(db);
    await db.execute(sql`UPDATE users SET verified_at = now() WHERE id = ${user.id}`);
    const token = await givenSession(db, user.id);
    expect(
      (await call(t.app, 'POST', '/api/recharge/makePayment', { rechargeChannelId: 1, currencyCode: 'CNY', amount: 10_000 }, token)).status,
    ).toBe(5002);

    const a = (
      await call(
        t.app,
        'POST',
        '/api/recharge/makePayment',
        { rechargeChannelId: PROVIDER_CHANNELS.alipay.id, currencyCode: 'CNY', amount: 10_000 },
        token,
      )
    ).data;
    expect(a.payUrl.startsWith(alipay.gateway)).toBe(true);
    expect(new URL(a.payUrl).searchParams.get('notify_url')).toBe(`https://skinfair.example/api/callback/${PROVIDER_CHANNELS.alipay.id}`);
    await alipay.open(a.payUrl);
    alipay.pay(a.orderId);
    expect((await alipay.notify(a.orderId)).body).toBe('success');

    const w = (
      await call(
        t.app,
        'POST',
        '/api/recharge/makePayment',
        { rechargeChannelId: PROVIDER_CHANNELS.wechatpay.id, currencyCode: 'CNY', amount: 5_000 },
        token,
      )
    ).data;
    wechat.pay(w.orderId);
    const first = await wechat.notify(w.orderId);
    expect(first.status).toBe(200);
    expect((await wechat.redeliver(first.delivery)).status).toBe(200);

    const states = await Promise.all(
      [a.orderId, w.orderId].map(
        async (orderId) => (await call(t.app, 'GET', '/api/recharge/paymentState', { orderId }, token)).data.state,
      ),
    );
    expect(states).toEqual([1, 1]);
    // ¥100 + 20 % first deposit + VIP 1 reward, then ¥50.
    expect((await call(t.app, 'GET', '/api/personalCenter/userInfo', {}, token)).data.balance).toBe(12_200 + 5_000);
    await expectBooksBalanced(db);
  });
});
