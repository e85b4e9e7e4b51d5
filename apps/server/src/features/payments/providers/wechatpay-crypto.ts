import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/**
 * WeChat Pay API v3 signatures (pay.weixin.qq.com/doc/v3/merchant/4012365336): SHA256 with RSA over
 * newline-terminated lines. Shared by the adapter and the test stub, so both sides speak the same bytes.
 */
export const requestMessage = (method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

export const responseMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

export const rsaSign = (message: string, privateKey: KeyObject | string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');

export function rsaVerify(message: string, signature: string, publicKey: KeyObject | string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export const nonce = () => randomBytes(16).toString('hex');

/** The merchant's Authorization header: WECHATPAY2-SHA256-RSA2048 with mchid, nonce, timestamp, serial, signature. */
export function authorization(input: {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject | string;
  method: string;
  pathWithQuery: string;
  body: string;
  timestamp?: string;
  nonce?: string;
}): string {
  const ts = input.timestamp ?? String(Math.floor(Date.now() / 1000));
  const n = input.nonce ?? nonce();
  const signature = rsaSign(requestMessage(input.method, input.pathWithQuery, ts, n, input.body), input.privateKey);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchId}",nonce_str="${n}",signature="${signature}",timestamp="${ts}",serial_no="${input.serialNo}"`;
}

/** The fields of an Authorization header (the stub checks ours with them). */
export function parseAuthorization(value: string | undefined): Record<string, string> | null {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(value ?? '');
  if (!m) return null;
  const fields: Record<string, string> = {};
  for (const part of m[1]!.split(',')) {
    const kv = /^\s*(\w+)="([^"]*)"\s*$/.exec(part);
    if (!kv) return null;
    fields[kv[1]!] = kv[2]!;
  }
  return fields;
}

/**
 * AEAD_AES_256_GCM with the APIv3 key: `ciphertext` is base64 of the encrypted bytes followed by the
 * 16-byte tag; nonce and associated data are the resource's own. Null when the tag does not check.
 */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | undefined },
): string | null {
  try {
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length < 17) return null;
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
