import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { productionBaseEnv, startProductionApp } from './testing/production-start.js';
import { call, freshMobile, passSlider, PASSWORD } from './testing/auth-helpers.js';
import { startAliyunSmsStub, type AliyunSmsStub } from './testing/stubs/aliyun-sms-stub.js';
import { startRealNameStub, type RealNameStub } from './testing/stubs/realname-stub.js';
import { idCardCheckChar } from './features/auth/id-card.js';

/**
 * Issue 17 "Done when": a production start (NODE_ENV=production, the production guard as it is) with real
 * SMS and real-name settings pointing at local stubs sends an SMS and checks an identity.
 */
const sms = { accessKeyId: 'LTAI5tProdStart0001', accessKeySecret: 'prod-start-aliyun-secret-01', signName: 'Skinfair', templateCode: 'SMS_480000009' };
const faceId = { secretId: 'AKIDprodStart0001', secretKey: 'prod-start-faceid-secret-01' };
let smsStub: AliyunSmsStub;
let realNameStub: RealNameStub;
let env: Record<string, string>;
let prod: Awaited<ReturnType<typeof startProductionApp>>;

beforeAll(async () => {
  smsStub = await startAliyunSmsStub(sms);
  realNameStub = await startRealNameStub(faceId);
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
  };
  prod = await startProductionApp(env);
});
afterAll(async () => {
  await prod?.close();
  await smsStub?.close();
  await realNameStub?.close();
});

describe('production start with real SMS and real-name providers (stub endpoints)', () => {
  it('boots in production mode on the real providers, sends an SMS a player signs up with, and checks an identity', async () => {
    expect(prod.config.sandboxTools).toBe(false);
    expect(prod.config.sms.provider).toBe('aliyun');
    expect(prod.config.realName.provider).toBe('tencent-faceid');
    const { app, database } = prod;

    const mobile = freshMobile();
    expect(await call(app, 'POST', '/api/common/smsCode', { phone: mobile, type: 'signUp', captchaVerification: await passSlider(app, database.db) })).toMatchObject({ status: 0 });
    const signUp = await call(app, 'POST', '/api/auth/signUp', { mobile, password: PASSWORD, code: smsStub.lastCode(mobile)!, adult: true, agreement: true });
    expect(signUp).toMatchObject({ status: 0 });
    const token = signUp.data.token as string;

    expect(await call(app, 'POST', '/api/common/userSmsCode', { type: 'verify', captchaVerification: await passSlider(app, database.db) }, token)).toMatchObject({ status: 0 });
    const first17 = '11010119850505421';
    const idCard = first17 + idCardCheckChar(first17);
    realNameStub.register(idCard, '陈静');
    expect(await call(app, 'POST', '/api/auth/verify', { realName: '陈静', idCard, smsCode: smsStub.lastCode(mobile)! }, token)).toEqual({
      status: 0,
      msg: '',
      data: { verified: true },
    });
    expect(realNameStub.checks.at(-1)).toMatchObject({ idCard, name: '陈静', result: '0' });
  });

  it('the production guard refuses the sandbox SMS and real-name providers', () => {
    expect(() => loadConfig({ ...productionBaseEnv, ...env, SMS_PROVIDER: 'sandbox', REALNAME_PROVIDER: 'sandbox' })).toThrow(
      /SMS_PROVIDER: "sandbox"[\s\S]*REALNAME_PROVIDER: "sandbox"/,
    );
  });
});
