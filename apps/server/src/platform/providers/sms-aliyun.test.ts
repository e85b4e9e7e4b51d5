import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAliyunSmsStub, type AliyunSmsStub } from '../../testing/stubs/aliyun-sms-stub.js';
import { createAliyunSmsProvider } from './sms-aliyun.js';
import { SmsSendError } from './messaging.js';
import type { AliyunSmsSettings } from './provider-config.js';

/** Issue 17: the official SDK against a local stub that checks the ACS3-HMAC-SHA256 signature as Aliyun does. */
const account = {
  accessKeyId: 'LTAI5tStubKeyId0001',
  accessKeySecret: 'stub-secret-9f8e7d6c5b4a',
  signName: '斯金菲尔 Skinfair',
  templateCode: 'SMS_480000001',
  noticeTemplateCode: 'SMS_480000002',
};
let stub: AliyunSmsStub;
let settings: AliyunSmsSettings;
beforeAll(async () => {
  stub = await startAliyunSmsStub(account);
  settings = { ...account, endpoint: stub.url, timeoutMs: 5_000 };
});
afterAll(async () => stub?.close());

const message = (code: string) => ({ code, purpose: 'smsLogin', text: `验证码 ${code}` });

describe('Alibaba Cloud SMS adapter', () => {
  it('sends the configured sign and template with the code as its one variable, signed so the gateway accepts it', async () => {
    await createAliyunSmsProvider(settings).send('13900000001', message('123456'));
    expect(stub.delivered.at(-1)).toMatchObject({
      phone: '13900000001',
      signName: '斯金菲尔 Skinfair',
      templateCode: 'SMS_480000001',
      params: { code: '123456' },
    });
  });

  it('rejects when the gateway answers with any code but OK (a business refusal)', async () => {
    stub.failNext('isv.BUSINESS_LIMIT_CONTROL');
    const sent = createAliyunSmsProvider(settings).send('13900000002', message('222222'));
    await expect(sent).rejects.toBeInstanceOf(SmsSendError);
    await expect(sent).rejects.toMatchObject({ providerCode: 'isv.BUSINESS_LIMIT_CONTROL' });
    expect(stub.lastCode('13900000002')).toBeUndefined();
  });

  it('is refused by the gateway with a wrong AccessKey secret (the signature does not match)', async () => {
    const sent = createAliyunSmsProvider({ ...settings, accessKeySecret: 'not-the-secret' }).send('13900000003', message('333333'));
    await expect(sent).rejects.toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
    expect(stub.refusals.at(-1)).toBe('SignatureDoesNotMatch');
    expect(stub.lastCode('13900000003')).toBeUndefined();
  });

  it('is refused with an unknown AccessKey id', async () => {
    await expect(
      createAliyunSmsProvider({ ...settings, accessKeyId: 'LTAI5tUnknown' }).send('13900000004', message('444444')),
    ).rejects.toMatchObject({
      providerCode: 'InvalidAccessKeyId.NotFound',
    });
  });

  it('sends a security notice with its own template and two variables, and has no notice method without one', async () => {
    const notice = { params: { change: '交易链接已更换', until: '06-01 14:30' }, text: '通知' };
    await createAliyunSmsProvider(settings).sendNotice!('13900000009', notice);
    expect(stub.delivered.at(-1)).toMatchObject({ phone: '13900000009', templateCode: 'SMS_480000002', params: notice.params });
    expect(createAliyunSmsProvider({ ...settings, noticeTemplateCode: undefined }).sendNotice).toBeUndefined();
  });

  it('rejects a template the account does not have', async () => {
    await expect(
      createAliyunSmsProvider({ ...settings, templateCode: 'SMS_999' }).send('13900000005', message('555555')),
    ).rejects.toMatchObject({
      providerCode: 'isv.SMS_TEMPLATE_ILLEGAL',
    });
  });

  it('the stub’s checks are real: a replayed request and a tampered one are refused', async () => {
    await createAliyunSmsProvider(settings).send('13900000007', message('777777'));
    const original = stub.requests.at(-1)!;
    const headers = Object.fromEntries(
      Object.entries(original.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
    ) as Record<string, string>;
    const resend = async (url: string) =>
      (
        await fetch(`${stub.url}${url}`, {
          method: original.method,
          headers,
          body: original.body.length ? original.body.toString('utf8') : undefined,
        })
      ).json();
    expect(await resend(original.url)).toMatchObject({ Code: 'SignatureNonceUsed' });
    expect(await resend(original.url.replace('13900000007', '13900000008'))).toMatchObject({ Code: 'SignatureDoesNotMatch' });
    expect(stub.delivered.filter((d) => d.params.code === '777777')).toHaveLength(1);
  });

  it('rejects when the gateway is down', async () => {
    stub.setDown(true);
    try {
      await expect(createAliyunSmsProvider(settings).send('13900000006', message('666666'))).rejects.toBeInstanceOf(SmsSendError);
    } finally {
      stub.setDown(false);
    }
  });
});
