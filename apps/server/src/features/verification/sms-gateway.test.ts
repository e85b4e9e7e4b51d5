import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { errorCatalogue } from '@skinfair/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { call, freshMobile, passSlider, PASSWORD, refused, skipResendGap } from '../../testing/auth-helpers.js';
import { startAliyunSmsStub, type AliyunSmsStub } from '../../testing/stubs/aliyun-sms-stub.js';
import { startTencentSmsStub, type TencentSmsStub } from '../../testing/stubs/tencent-sms-stub.js';
import { queryRows } from '../../platform/db/rows.js';
import { verificationCodes } from './tables.js';

/**
 * Issue 17: codes go out through a real gateway (Alibaba Cloud or Tencent Cloud, chosen by
 * SMS_PROVIDER), here local stubs that check the real request signatures. A send the gateway refuses is
 * reported to the player and spends nothing: no quota, no stored code.
 */
const aliyunAccount = {
  accessKeyId: 'LTAI5tStubKeyId0002',
  accessKeySecret: 'stub-secret-aliyun-0002',
  signName: 'Skinfair',
  templateCode: 'SMS_480000002',
};
const tencentAccount = {
  secretId: 'AKIDstubSecretId0002',
  secretKey: 'stub-secret-tencent-0002',
  sdkAppId: '1400000002',
  signName: 'Skinfair',
  templateId: '2000002',
};

let aliyun: AliyunSmsStub;
let tencent: TencentSmsStub;
let viaAliyun: TestApp;
let viaTencent: TestApp;
let wrongKey: TestApp;

const aliyunEnv = (secret = aliyunAccount.accessKeySecret) => ({
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: aliyunAccount.accessKeyId,
  ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
  ALIYUN_SMS_SIGN_NAME: aliyunAccount.signName,
  ALIYUN_SMS_TEMPLATE_CODE: aliyunAccount.templateCode,
  ALIYUN_SMS_ENDPOINT: aliyun.url,
});

beforeAll(async () => {
  aliyun = await startAliyunSmsStub(aliyunAccount);
  tencent = await startTencentSmsStub(tencentAccount);
  viaAliyun = await buildTestApp({ env: { ...aliyunEnv(), SMS_MAX_PER_IP_HOUR: '3' } });
  viaTencent = await buildTestApp({
    env: {
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: tencentAccount.secretId,
      TENCENT_SMS_SECRET_KEY: tencentAccount.secretKey,
      TENCENT_SMS_SDK_APP_ID: tencentAccount.sdkAppId,
      TENCENT_SMS_SIGN_NAME: tencentAccount.signName,
      TENCENT_SMS_TEMPLATE_ID: tencentAccount.templateId,
      TENCENT_SMS_ENDPOINT: tencent.url,
    },
  });
  wrongKey = await buildTestApp({ env: aliyunEnv('a-secret-the-gateway-does-not-know') });
});
afterAll(async () => {
  await viaAliyun?.close();
  await viaTencent?.close();
  await wrongKey?.close();
  await aliyun?.close();
  await tencent?.close();
});

const askCode = async (t: TestApp, phone: string, type = 'signUp') =>
  call(t.app, 'POST', '/api/common/smsCode', { phone, type, captchaVerification: await passSlider(t.app, t.database.db) });

const storedCodes = async (t: TestApp, phone: string) =>
  (
    await t.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, 'sms'), eq(verificationCodes.target, phone)))
  ).length;

const throttleCounts = async (t: TestApp, phone: string) => {
  const rows = await queryRows<{ key: string; count: unknown }>(
    t.database.db,
    sql`SELECT key, count FROM throttles WHERE key LIKE 'sms:%'`,
  );
  // This number's counters, and the shared ones (address, global budget).
  return Object.fromEntries(rows.filter((r) => r.key.endsWith(phone) || !/:(gap|day)/.test(r.key)).map((r) => [r.key, Number(r.count)]));
};

const signUp = (t: TestApp, mobile: string, code: string) =>
  call(t.app, 'POST', '/api/auth/signUp', { mobile, password: PASSWORD, code, adult: true, agreement: true });

describe('SMS through Alibaba Cloud (SMS_PROVIDER=aliyun)', () => {
  it('delivers the code with the configured sign and template, and the player signs up with it', async () => {
    const mobile = freshMobile();
    expect(await askCode(viaAliyun, mobile)).toMatchObject({ status: 0 });
    const sent = aliyun.delivered.at(-1)!;
    expect(sent).toMatchObject({ phone: mobile, signName: 'Skinfair', templateCode: 'SMS_480000002' });
    expect(sent.params.code).toMatch(/^\d{6}$/);
    expect(await signUp(viaAliyun, mobile, sent.params.code!)).toMatchObject({ status: 0 });
  });

  it('a gateway refusal tells the player in Chinese, spends no quota and stores no code; the next try goes out', async () => {
    const mobile = freshMobile();
    const before = await throttleCounts(viaAliyun, mobile);
    aliyun.failNext('isv.BUSINESS_LIMIT_CONTROL');
    const answer = await askCode(viaAliyun, mobile);
    expect(answer).toEqual(refused('SMS_SEND_FAILED'));
    expect(answer.msg).toBe('验证码发送失败，请稍后重试');
    expect(await storedCodes(viaAliyun, mobile)).toBe(0);
    // Every counter the send took was given back: no 60 s gap, nothing off the day's, the address's or the global budget.
    const after = await throttleCounts(viaAliyun, mobile);
    expect(Object.keys(after)).toContain(`sms:gap-stranger:${mobile}`);
    for (const [key, count] of Object.entries(after)) expect(count, key).toBe(before[key] ?? 0);

    // Straight away (no 60 s wait), the same number gets a code that works.
    expect(await askCode(viaAliyun, mobile)).toMatchObject({ status: 0 });
    expect(await storedCodes(viaAliyun, mobile)).toBe(1);
    expect(await signUp(viaAliyun, mobile, aliyun.lastCode(mobile)!)).toMatchObject({ status: 0 });
  });

  it('failed sends never use up the address’s hourly quota (3 here); real sends do', async () => {
    await viaAliyun.database.db.execute(sql`DELETE FROM throttles WHERE key LIKE 'sms:ip:%'`);
    for (let i = 0; i < 5; i++) {
      aliyun.failNext('isv.BUSINESS_LIMIT_CONTROL');
      expect((await askCode(viaAliyun, freshMobile())).status).toBe(errorCatalogue.SMS_SEND_FAILED.status);
    }
    for (let i = 0; i < 3; i++) expect((await askCode(viaAliyun, freshMobile())).status).toBe(0);
    expect(await askCode(viaAliyun, freshMobile())).toEqual(refused('SMS_TOO_FREQUENT'));
  });

  it('with a wrong AccessKey secret the gateway refuses the signature: the player is told, nothing is spent', async () => {
    const mobile = freshMobile();
    const refusalsBefore = aliyun.refusals.length;
    expect(await askCode(wrongKey, mobile)).toEqual(refused('SMS_SEND_FAILED'));
    expect(aliyun.refusals.slice(refusalsBefore)).toEqual(['SignatureDoesNotMatch']);
    expect(aliyun.lastCode(mobile)).toBeUndefined();
    expect(await storedCodes(wrongKey, mobile)).toBe(0);
    expect(await throttleCounts(wrongKey, mobile)).toMatchObject({ [`sms:gap-stranger:${mobile}`]: 0 });
  });
});

describe('SMS through Tencent Cloud (SMS_PROVIDER=tencent)', () => {
  it('delivers the code as the template parameter, and the player logs in with it', async () => {
    const mobile = freshMobile();
    expect(await askCode(viaTencent, mobile)).toMatchObject({ status: 0 });
    expect(tencent.delivered.at(-1)).toMatchObject({ phone: mobile, templateId: '2000002' });
    expect(await signUp(viaTencent, mobile, tencent.lastCode(mobile)!)).toMatchObject({ status: 0 });
    await skipResendGap(viaTencent.database.db, mobile);
    expect(await askCode(viaTencent, mobile, 'smsLogin')).toMatchObject({ status: 0 });
    expect(await call(viaTencent.app, 'POST', '/api/auth/smsLogin', { mobile, code: tencent.lastCode(mobile)! })).toMatchObject({
      status: 0,
    });
  });

  it('a per-number refusal is reported and spends nothing; the next try goes out', async () => {
    const mobile = freshMobile();
    tencent.failNext('LimitExceeded.PhoneNumberDailyLimit');
    expect(await askCode(viaTencent, mobile)).toEqual(refused('SMS_SEND_FAILED'));
    expect(await storedCodes(viaTencent, mobile)).toBe(0);
    expect(await askCode(viaTencent, mobile)).toMatchObject({ status: 0 });
    expect(await signUp(viaTencent, mobile, tencent.lastCode(mobile)!)).toMatchObject({ status: 0 });
  });
});
