import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

/** Issue 17: SMS_PROVIDER and REALNAME_PROVIDER with their settings, validated at start, every problem at once. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
  BEACON_SOURCE: 'drand',
  APP_SECRET: 'q7Vb2xK9mZ4pR8tW1yN6cF3hJ5sL0dGaE-uXo_iB',
  PUBLIC_URL: 'https://skinfair.example',
};
const aliyun = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExample',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'example-secret',
  ALIYUN_SMS_SIGN_NAME: 'Skinfair',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};
const tencent = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDexample',
  TENCENT_SMS_SECRET_KEY: 'example-key',
  TENCENT_SMS_SDK_APP_ID: '1400000000',
  TENCENT_SMS_SIGN_NAME: 'Skinfair',
  TENCENT_SMS_TEMPLATE_ID: '100001',
};
const faceId = {
  REALNAME_PROVIDER: 'tencent-faceid',
  REALNAME_TENCENT_SECRET_ID: 'AKIDexample',
  REALNAME_TENCENT_SECRET_KEY: 'example-key',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return '';
}

describe('SMS and real-name provider settings', () => {
  it('uses the sandbox providers in the sandbox, and none (fail closed) without it', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'sandbox' });
    expect(loadConfig({}).realName.provider).toBe('sandbox');
    const off = loadConfig({ SANDBOX_TOOLS: 'false' });
    expect(off.sms).toEqual({ provider: 'none' });
    expect(off.realName.provider).toBe('none');
    expect(problemsOf({ SANDBOX_TOOLS: 'false', SMS_PROVIDER: 'sandbox' })).toMatch(/SMS_PROVIDER: "sandbox" needs SANDBOX_TOOLS/);
  });

  it('production accepts Alibaba Cloud or Tencent Cloud SMS and Tencent FaceID, with their official endpoints by default', () => {
    const a = loadConfig({ ...production, ...aliyun, ...faceId });
    expect(a.sms).toMatchObject({
      provider: 'aliyun',
      signName: 'Skinfair',
      templateCode: 'SMS_1',
      endpoint: 'https://dysmsapi.aliyuncs.com',
    });
    expect(a.realName).toMatchObject({ provider: 'tencent-faceid', endpoint: 'https://faceid.tencentcloudapi.com', maxAttemptsPerDay: 5 });
    expect(loadConfig({ ...production, ...tencent }).sms).toMatchObject({
      provider: 'tencent',
      sdkAppId: '1400000000',
      region: 'ap-guangzhou',
      endpoint: 'https://sms.tencentcloudapi.com',
    });
  });

  it('production refuses the sandbox providers', () => {
    const text = problemsOf({ ...production, SMS_PROVIDER: 'sandbox', REALNAME_PROVIDER: 'sandbox' });
    expect(text).toMatch(/SMS_PROVIDER: "sandbox" .*not allowed in production/);
    expect(text).toMatch(/REALNAME_PROVIDER: "sandbox" .*not allowed in production/);
    expect(problemsOf({ ...production, SMS_PROVIDER: 'twilio' })).toMatch(/SMS_PROVIDER/);
  });

  it('lists every missing or bad setting at once', () => {
    const text = problemsOf({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SDK_APP_ID: 'abc',
      TENCENT_SMS_TEMPLATE_ID: 'x1',
      REALNAME_PROVIDER: 'tencent-faceid',
    });
    for (const name of [
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SIGN_NAME',
      'TENCENT_SMS_SDK_APP_ID: digits',
      'TENCENT_SMS_TEMPLATE_ID: digits',
      'REALNAME_TENCENT_SECRET_ID',
      'REALNAME_TENCENT_SECRET_KEY',
    ])
      expect(text).toContain(name);
    const ali = problemsOf({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: '' });
    for (const name of ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'])
      expect(ali).toContain(`${name}: required`);
  });

  it('refuses plain http to anything but this machine', () => {
    expect(problemsOf({ ...production, ...aliyun, ALIYUN_SMS_ENDPOINT: 'http://dysmsapi.aliyuncs.com' })).toMatch(
      /ALIYUN_SMS_ENDPOINT: .* must be https/,
    );
    expect(problemsOf({ ...production, ...faceId, REALNAME_TENCENT_ENDPOINT: 'http://10.0.0.5:8080' })).toMatch(
      /REALNAME_TENCENT_ENDPOINT/,
    );
    expect(loadConfig({ ...production, ...aliyun, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000' }).sms).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
    });
  });
});
