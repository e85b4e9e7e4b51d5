import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from './config.js';
import { createAppContext, registerJobHandlers } from './app.js';
import { productionBaseEnv, startProductionApp } from './testing/production-start.js';
import { call, freshMobile, passSlider, PASSWORD } from './testing/auth-helpers.js';
import { expectBooksBalanced } from './testing/factories.js';
import { startAliyunSmsStub, type AliyunSmsStub } from './testing/stubs/aliyun-sms-stub.js';
import { startRealNameStub, type RealNameStub } from './testing/stubs/realname-stub.js';
import { startAlipayStub, type AlipayStub } from './testing/stubs/alipay-stub.js';
import { startWechatPayStub, type WechatPayStub } from './testing/stubs/wechatpay-stub.js';
import { paymentStubEnv } from './testing/stubs/payment-env.js';
import { startSteamTradeStub, type SteamTradeStub } from './testing/stubs/steam-trade-stub.js';
import { queryRows, toInt } from './platform/db/rows.js';
import { createJobRunner } from './platform/jobs/index.js';
import { idCardCheckChar } from './features/auth/id-card.js';
import { marketHashName } from './features/catalog/index.js';
import { PROVIDER_CHANNELS } from './features/payments/index.js';

/**
 * Issue 17 "Done when", as one start: NODE_ENV=production with the production guard as it is and every
 * outside service real (Alibaba Cloud SMS, Tencent FaceID, Alipay and WeChat Pay, the Steam trade bot),
 * each pointing at a local stub that speaks its protocol. A player signs up with the SMS code, passes the
 * identity check, pays through Alipay's notification, buys an item and withdraws it through a trade offer.
 */
const sms = {
  accessKeyId: 'LTAI5tProdStart0001',
  accessKeySecret: 'prod-start-aliyun-secret-01',
  signName: 'Skinfair',
  templateCode: 'SMS_480000009',
};
const faceId = { secretId: 'AKIDprodStart0001', secretKey: 'prod-start-faceid-secret-01' };
const BOT = '76561198000000002';
const steam = {
  identitySecret: randomBytes(20).toString('base64'),
  apiKey: randomBytes(16).toString('hex'),
  sessionId: randomBytes(12).toString('hex'),
  accessToken: 'prod.start.token',
};
const inventory: Record<string, string> = {};
let smsStub: AliyunSmsStub;
let realNameStub: RealNameStub;
let alipay: AlipayStub;
let wechat: WechatPayStub;
let steamStub: SteamTradeStub;
let env: Record<string, string>;
let prod: Awaited<ReturnType<typeof startProductionApp>>;

beforeAll(async () => {
  [smsStub, realNameStub, alipay, wechat, steamStub] = await Promise.all([
    startAliyunSmsStub(sms),
    startRealNameStub(faceId),
    startAlipayStub(),
    startWechatPayStub(),
    startSteamTradeStub({ botSteamId: BOT, ...steam, inventory }),
  ]);
  env = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: sms.accessKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: sms.accessKeySecret,
    ALIYUN_SMS_SIGN_NAME: sms.signName,
    ALIYUN_SMS_TEMPLATE_CODE: sms.templateCode,
    ALIYUN_SMS_ENDPOINT: smsStub.url,
    REALNAME_PROVIDER: 'tencent-faceid',
    REALNAME_TENCENT_SECRET_ID: faceId.secretId,
    REALNAME_TENCENT_SECRET_KEY: faceId.secretKey,
    REALNAME_TENCENT_ENDPOINT: realNameStub.url,
    ...paymentStubEnv(alipay, wechat),
    WITHDRAWAL_MODE: 'steam-bot',
    STEAM_BOT_IDENTITY_SECRET: steam.identitySecret,
    STEAM_BOT_API_KEY: steam.apiKey,
    STEAM_BOT_POLL_MS: '200',
    STEAM_BOT_STOCK: 'inventory',
    STEAM_BOT_WEB_API_URL: steamStub.url,
    STEAM_BOT_COMMUNITY_URL: steamStub.url,
    STEAM_BOT_WEB_COOKIES: `steamLoginSecure=${BOT}%7C%7C${steam.accessToken}; sessionid=${steam.sessionId}`,
  };
  prod = await startProductionApp(env);
  alipay.setNotifyOrigin(prod.origin);
  wechat.setNotifyOrigin(prod.origin);
});
afterAll(async () => {
  await prod?.close();
  await Promise.all([smsStub?.close(), realNameStub?.close(), alipay?.close(), wechat?.close(), steamStub?.close()]);
});

describe('a production start with every real provider (issue 17)', () => {
  it('refuses each sandbox stand-in and boots on the real providers', () => {
    for (const [key, pattern] of [
      ['SMS_PROVIDER', /SMS_PROVIDER: "sandbox"/],
      ['REALNAME_PROVIDER', /REALNAME_PROVIDER: "sandbox"/],
      ['WITHDRAWAL_MODE', /WITHDRAWAL_MODE/],
    ] as const)
      expect(() => loadConfig({ ...productionBaseEnv, ...env, [key]: 'sandbox' }), key).toThrow(pattern);
    expect(() => loadConfig({ ...productionBaseEnv, ...env, SANDBOX_TOOLS: 'true' })).toThrow(/SANDBOX_TOOLS/);
    // The manual queue is the other real withdrawal mode.
    expect(loadConfig({ ...productionBaseEnv, ...env, WITHDRAWAL_MODE: 'manual' }).withdrawals.mode).toBe('manual');
    expect(prod.config).toMatchObject({
      sandboxTools: false,
      sms: { provider: 'aliyun' },
      realName: { provider: 'tencent-faceid' },
      withdrawals: { mode: 'steam-bot' },
    });
  });

  it('signs a player up by SMS, checks their identity, takes a payment notification and completes a withdrawal', async () => {
    const { app, database } = prod;
    const db = database.db;

    const mobile = freshMobile();
    expect(
      await call(app, 'POST', '/api/common/smsCode', { phone: mobile, type: 'signUp', captchaVerification: await passSlider(app, db) }),
    ).toMatchObject({ status: 0 });
    const signUp = await call(app, 'POST', '/api/auth/signUp', {
      mobile,
      password: PASSWORD,
      code: smsStub.lastCode(mobile)!,
      adult: true,
      agreement: true,
    });
    expect(signUp).toMatchObject({ status: 0 });
    const token = signUp.data.token as string;

    expect(
      await call(app, 'POST', '/api/common/userSmsCode', { type: 'verify', captchaVerification: await passSlider(app, db) }, token),
    ).toMatchObject({ status: 0 });
    const first17 = '11010119900307211';
    const idCard = first17 + idCardCheckChar(first17);
    realNameStub.register(idCard, '李明');
    expect(
      await call(app, 'POST', '/api/auth/verify', { realName: '李明', idCard, smsCode: smsStub.lastCode(mobile)! }, token),
    ).toMatchObject({
      status: 0,
      data: { verified: true },
    });

    const order = (
      await call(
        app,
        'POST',
        '/api/recharge/makePayment',
        { rechargeChannelId: PROVIDER_CHANNELS.alipay.id, currencyCode: 'CNY', amount: 10_000 },
        token,
      )
    ).data;
    await alipay.open(order.payUrl);
    alipay.pay(order.orderId);
    expect((await alipay.notify(order.orderId)).body).toBe('success');
    expect((await call(app, 'GET', '/api/recharge/paymentState', { orderId: order.orderId }, token)).data.state).toBe(1);

    // The cheapest item in the shop, and the bot holds one of it.
    const shop = (await call(app, 'GET', '/api/shop/page', { pageSize: 100 }, token)).data.pageData as Array<{
      id: number;
      giftId: number;
      price: number;
      stock: number;
    }>;
    const pick = shop.filter((s) => s.stock > 0).sort((a, b) => a.price - b.price)[0]!;
    expect(pick.price).toBeLessThanOrEqual(10_000);
    const [variant] = await queryRows<{ template_id: unknown; exterior: string | null; stat_trak: boolean }>(
      db,
      sql`SELECT template_id, exterior, stat_trak FROM items WHERE id = ${pick.giftId}`,
    );
    inventory['41000000077'] = marketHashName({
      templateId: toInt(variant!.template_id),
      exterior: variant!.exterior,
      statTrak: variant!.stat_trak,
    })!;
    const bought = await call(app, 'POST', '/api/shop/buy', { id: pick.id }, token);
    expect(bought).toMatchObject({ status: 0 });
    const inventoryId = (bought.data.voucherIds as number[])[0]!;

    steamStub.registerPlayer(90_077, 'ProdTok7');
    const P = '/api/personalCenter';
    expect(
      (
        await call(
          app,
          'POST',
          `${P}/modifyTradeUrl`,
          { tradeUrl: 'https://steamcommunity.com/tradeoffer/new/?partner=90077&token=ProdTok7' },
          token,
        )
      ).status,
    ).toBe(0);
    expect((await call(app, 'POST', `${P}/ornamentRetrieval`, { ids: String(inventoryId) }, token)).status).toBe(0);

    const runner = createJobRunner({ db, logger: { info() {}, warn() {}, error() {} }, pollMs: 60_000, nodeId: 'prod-start' });
    registerJobHandlers(runner, createAppContext({ config: prod.config, database: prod.database, live: prod.live }));
    const runJobs = async () => {
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE state = 'pending' AND kind = 'retrieval.advance'`);
      await runner.runOnce();
    };
    await runJobs(); // 0 → 1, "sending" recorded
    await runJobs(); // the offer is sent and confirmed → 2
    const [offer] = [...steamStub.offers.values()];
    expect(offer).toMatchObject({ accountid_other: 90_077, trade_offer_state: 2 });
    expect(offer!.items_to_give.map((i) => i.assetid)).toEqual(['41000000077']);
    steamStub.setState(offer!.tradeofferid, 3); // the player accepts
    await runJobs();

    const records = await call(app, 'GET', `${P}/getMyRetrievalPage`, {}, token);
    expect(records.data.pageData[0]).toMatchObject({ state: 3, remark: `Steam 交易报价 ${offer!.tradeofferid} 已被接受` });
    const [item] = await queryRows<{ state: string }>(db, sql`SELECT state FROM inventory_items WHERE id = ${inventoryId}`);
    expect(item!.state).toBe('retrieved');
    expect(steamStub.refusals).toEqual([]);
    await expectBooksBalanced(db);
  });
});
