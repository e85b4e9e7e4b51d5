import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTencentSmsStub, type TencentSmsStub } from '../../testing/stubs/tencent-sms-stub.js';
import { createTencentSmsProvider } from './sms-tencent.js';
import { SmsSendError } from './messaging.js';
import type { TencentSmsSettings } from './provider-config.js';

/** Issue 17: the official SDK against a local stub that checks TC3-HMAC-SHA256 as Tencent Cloud does. */
const account = {
  secretId: 'AKIDstubSecretId0001',
  secretKey: 'stub-secret-key-0123456789',
  sdkAppId: '1400000001',
  signName: '斯金菲尔',
  templateId: '2000001',
  noticeTemplateId: '2000002',
};
let stub: TencentSmsStub;
let settings: TencentSmsSettings;
beforeAll(async () => {
  stub = await startTencentSmsStub(account);
  settings = { ...account, region: 'ap-guangzhou', endpoint: stub.url, timeoutMs: 5_000 };
});
afterAll(async () => stub?.close());

const message = (code: string) => ({ code, purpose: 'signUp', text: `验证码 ${code}` });

describe('Tencent Cloud SMS adapter', () => {
  it('sends SmsSdkAppId, sign, template and the code as TemplateParamSet, signed so the gateway accepts it', async () => {
    await createTencentSmsProvider(settings).send('13900000011', message('654321'));
    expect(stub.delivered.at(-1)).toMatchObject({ phone: '13900000011', templateId: '2000001', params: ['654321'] });
  });

  it('rejects when the number’s status is not Ok (a per-number refusal)', async () => {
    stub.failNext('LimitExceeded.PhoneNumberDailyLimit');
    const sent = createTencentSmsProvider(settings).send('13900000012', message('111111'));
    await expect(sent).rejects.toBeInstanceOf(SmsSendError);
    await expect(sent).rejects.toMatchObject({ providerCode: 'LimitExceeded.PhoneNumberDailyLimit' });
    expect(stub.lastCode('13900000012')).toBeUndefined();
  });

  it('is refused by the gateway with a wrong SecretKey (the TC3 signature does not match)', async () => {
    const sent = createTencentSmsProvider({ ...settings, secretKey: 'wrong-key' }).send('13900000013', message('222222'));
    await expect(sent).rejects.toMatchObject({ providerCode: 'AuthFailure.SignatureFailure' });
    expect(stub.refusals.at(-1)).toBe('AuthFailure.SignatureFailure');
    expect(stub.lastCode('13900000013')).toBeUndefined();
  });

  it('sends a security notice with its own template, {1} what changed and {2} until when; none without one', async () => {
    const notice = { params: { change: '交易链接已更换', until: '06-01 14:30' }, text: '通知' };
    await createTencentSmsProvider(settings).sendNotice!('13900000018', notice);
    expect(stub.delivered.at(-1)).toMatchObject({ phone: '13900000018', templateId: '2000002', params: ['交易链接已更换', '06-01 14:30'] });
    expect(createTencentSmsProvider({ ...settings, noticeTemplateId: undefined }).sendNotice).toBeUndefined();
  });

  it('is refused with an unknown SecretId, and with a template that is not approved', async () => {
    await expect(
      createTencentSmsProvider({ ...settings, secretId: 'AKIDunknown' }).send('13900000014', message('333333')),
    ).rejects.toMatchObject({
      providerCode: 'AuthFailure.SecretIdNotFound',
    });
    await expect(createTencentSmsProvider({ ...settings, templateId: '999' }).send('13900000014', message('333333'))).rejects.toMatchObject(
      {
        providerCode: 'FailedOperation.TemplateIncorrectOrUnapproved',
      },
    );
  });

  it('the stub’s check is real: a request whose body was changed after signing is refused', async () => {
    await createTencentSmsProvider(settings).send('13900000016', message('555555'));
    const original = stub.requests.at(-1)!;
    const headers = Object.fromEntries(
      Object.entries(original.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
    ) as Record<string, string>;
    const body = original.body.toString('utf8').replace('13900000016', '13900000017');
    const answer = (await (await fetch(stub.url, { method: 'POST', headers, body })).json()) as { Response: { Error?: { Code: string } } };
    expect(answer.Response.Error?.Code).toBe('AuthFailure.SignatureFailure');
    expect(stub.lastCode('13900000017')).toBeUndefined();
  });

  it('rejects when nothing answers at the endpoint', async () => {
    const closed = await startTencentSmsStub(account);
    await closed.close();
    await expect(
      createTencentSmsProvider({ ...settings, endpoint: closed.url }).send('13900000015', message('444444')),
    ).rejects.toBeInstanceOf(SmsSendError);
  });
});
