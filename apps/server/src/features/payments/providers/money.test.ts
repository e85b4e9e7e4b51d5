import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptResource } from '../../../testing/stubs/wechatpay-stub.js';
import { beijingRfc3339, beijingTime, fenToYuan, pemOf, yuanToFen } from './money.js';
import { authorization, decryptResource, parseAuthorization, requestMessage, rsaVerify } from './wechatpay-crypto.js';

describe('provider amounts and times', () => {
  it('reads Alipay yuan strings as integer fen, and nothing else', () => {
    expect([yuanToFen('100.00'), yuanToFen('0.01'), yuanToFen('12.3'), yuanToFen('7')]).toEqual([10_000, 1, 1_230, 700]);
    for (const bad of ['', '1.234', '-1.00', '01.00', '1e3', ' 1.00', '1,00', '1.', 1 as unknown as string, undefined])
      expect(yuanToFen(bad)).toBeNull();
    expect([fenToYuan(10_000), fenToYuan(1), fenToYuan(1_230)]).toEqual(['100.00', '0.01', '12.30']);
  });

  it('writes expiry times in Beijing time', () => {
    const at = new Date('2026-11-25T16:30:00Z');
    expect(beijingTime(at)).toBe('2026-11-26 00:30:00');
    expect(beijingRfc3339(at)).toBe('2026-11-26T00:30:00+08:00');
  });

  it('takes keys as PEM, PEM with literal \\n, or the bare base64 body', () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString().trim();
    const body = pem.split('\n').slice(1, -1).join('');
    expect(pemOf(pem, 'PUBLIC KEY')).toBe(pem);
    expect(pemOf(pem.replace(/\n/g, '\\n'), 'PUBLIC KEY')).toBe(pem);
    expect(pemOf(body, 'PUBLIC KEY')).toBe(pem);
  });
});

describe('WeChat Pay v3 crypto', () => {
  it('signs the request lines so the holder of the public key can check them, and nothing else', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const header = authorization({
      mchId: '1900000109',
      serialNo: 'ABC123',
      privateKey,
      method: 'POST',
      pathWithQuery: '/v3/pay/transactions/native',
      body: '{"a":1}',
      timestamp: '1764000000',
      nonce: 'n1',
    });
    const fields = parseAuthorization(header)!;
    expect(fields).toMatchObject({ mchid: '1900000109', serial_no: 'ABC123', timestamp: '1764000000', nonce_str: 'n1' });
    expect(
      rsaVerify(requestMessage('POST', '/v3/pay/transactions/native', '1764000000', 'n1', '{"a":1}'), fields.signature!, publicKey),
    ).toBe(true);
    expect(
      rsaVerify(requestMessage('POST', '/v3/pay/transactions/native', '1764000000', 'n1', '{"a":2}'), fields.signature!, publicKey),
    ).toBe(false);
    expect(parseAuthorization('Bearer x')).toBeNull();
  });

  it('decrypts an AES-256-GCM resource with the APIv3 key; another key, nonce or associated data fails', () => {
    const key = '0123456789abcdef0123456789abcdef';
    const resource = encryptResource(key, '{"out_trade_no":"D1"}', 'transaction');
    expect(decryptResource(key, resource)).toBe('{"out_trade_no":"D1"}');
    expect(decryptResource('x'.repeat(32), resource)).toBeNull();
    expect(decryptResource(key, { ...resource, associated_data: 'other' })).toBeNull();
    expect(decryptResource(key, { ...resource, nonce: '000000000000' })).toBeNull();
    expect(decryptResource(key, { ...resource, ciphertext: 'AAAA' })).toBeNull();
  });
});
