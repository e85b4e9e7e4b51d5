import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealNameStub, type RealNameStub } from '../../testing/stubs/realname-stub.js';
import { createTencentFaceIdCertificationProvider } from './certification-tencent.js';
import { CertificationUnavailableError } from './certification.js';
import type { TencentFaceIdSettings } from './provider-config.js';

/** Issue 17: FaceID IdCardVerification through the SDK's CommonClient against a TC3-checking local stub. */
const account = { secretId: 'AKIDstubFaceId0001', secretKey: 'stub-faceid-key-0123456789' };
const ID = '11010119900101123X';
let stub: RealNameStub;
let settings: TencentFaceIdSettings;
beforeAll(async () => {
  stub = await startRealNameStub(account);
  stub.register(ID, '张三');
  settings = { ...account, region: 'ap-guangzhou', endpoint: stub.url, timeoutMs: 5_000 };
});
afterAll(async () => stub?.close());

describe('Tencent Cloud FaceID real-name adapter', () => {
  it('a matching name and number is a match, with the provider’s request id as the reference', async () => {
    const verdict = await createTencentFaceIdCertificationProvider(settings).check('张三', ID.toLowerCase());
    expect(verdict).toEqual({ matched: true, reference: stub.checks.at(-1)!.requestId });
    expect(stub.checks.at(-1)).toMatchObject({ idCard: ID, name: '张三', result: '0' });
  });

  it('another name, or a number the registry does not know, is a mismatch', async () => {
    const provider = createTencentFaceIdCertificationProvider(settings);
    expect(await provider.check('李四', ID)).toMatchObject({ matched: false });
    expect(await provider.check('张三', '110101199001014565')).toMatchObject({ matched: false });
    expect(stub.checks.slice(-2).map((c) => c.result)).toEqual(['-1', '-5']);
  });

  it('a registry outage is no verdict (an error), never a mismatch', async () => {
    stub.setMode('registry-down');
    try {
      const checked = createTencentFaceIdCertificationProvider(settings).check('张三', ID);
      await expect(checked).rejects.toBeInstanceOf(CertificationUnavailableError);
      await expect(checked).rejects.toMatchObject({ kind: 'error', providerCode: 'Result -4' });
    } finally {
      stub.setMode('up');
    }
  });

  it('a provider that does not answer in time is a timeout, never a mismatch', async () => {
    stub.setMode('hang');
    try {
      await expect(createTencentFaceIdCertificationProvider({ ...settings, timeoutMs: 300 }).check('张三', ID)).rejects.toMatchObject({
        kind: 'timeout',
      });
    } finally {
      stub.setMode('up');
    }
  });

  it('a wrong SecretKey is refused by the provider and is an error', async () => {
    await expect(createTencentFaceIdCertificationProvider({ ...settings, secretKey: 'wrong' }).check('张三', ID)).rejects.toMatchObject({
      kind: 'error',
      providerCode: 'AuthFailure.SignatureFailure',
    });
    expect(stub.refusals.at(-1)).toBe('AuthFailure.SignatureFailure');
  });
});
