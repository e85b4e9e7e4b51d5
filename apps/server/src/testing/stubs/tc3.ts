import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { StubAnswer, StubRequest } from './stub-server.js';

/**
 * Tencent Cloud API 3.0 on the stub side: TC3-HMAC-SHA256 checked as Tencent does (canonical request of
 * method, path, query, the signed headers and the body's SHA-256; the key derived from "TC3" + SecretKey,
 * the date, the service and "tc3_request"), X-TC-Timestamp within 5 minutes, the action and version named.
 * Errors come back as Tencent's do: HTTP 200 with Response.Error { Code, Message } and a RequestId.
 */
export interface Tc3Expectation {
  secretId: string;
  secretKey: string;
  action: string;
  version: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

export function tencentError(Code: string, Message: string): StubAnswer {
  return { status: 200, body: { Response: { Error: { Code, Message }, RequestId: randomUUID() } } };
}

export function tencentAnswer(response: Record<string, unknown>): StubAnswer {
  return { status: 200, body: { Response: { ...response, RequestId: randomUUID() } } };
}

/** null when the request is signed right by the expected key; else the error answer Tencent gives. */
export function verifyTc3(req: StubRequest, expected: Tc3Expectation): StubAnswer | null {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9-]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return tencentError('AuthFailure.InvalidAuthorization', 'Authorization 不符合腾讯云标准');
  const [, secretId, date, service, signedHeaderList, signature] = m as unknown as [string, string, string, string, string, string];
  if (secretId !== expected.secretId) return tencentError('AuthFailure.SecretIdNotFound', '密钥不存在');
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
    return tencentError('AuthFailure.SignatureExpire', '签名过期');
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date)
    return tencentError('AuthFailure.SignatureFailure', '凭证日期与时间戳不符');
  const host = String(req.headers.host ?? '');
  // The product is named by the endpoint's first label (sms.tencentcloudapi.com → sms), as the SDK signs it.
  if (service !== host.split('.')[0]) return tencentError('AuthFailure.SignatureFailure', `服务名 ${service} 与域名不符`);
  const signed = signedHeaderList.split(';');
  if (!signed.includes('host') || !signed.includes('content-type'))
    return tencentError('AuthFailure.SignatureFailure', 'content-type 与 host 必须签名');
  const url = new URL(req.url, 'http://stub');
  // Signed host: the endpoint's host name (the SDK signs it without a port).
  const headerValue = (h: string) =>
    (h === 'host' ? new URL(`http://${host}`).hostname : String(req.headers[h] ?? '')).trim().toLowerCase();
  const canonicalHeaders = signed.map((h) => `${h}:${headerValue(h)}\n`).join('');
  const canonicalRequest = [req.method, url.pathname, url.search.slice(1), canonicalHeaders, signedHeaderList, sha256(req.body)].join('\n');
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonicalRequest)}`;
  const key = hmac(hmac(hmac(`TC3${expected.secretKey}`, date), service), 'tc3_request');
  const expectedSignature = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (!timingSafeEqual(Buffer.from(expectedSignature), Buffer.from(signature)))
    return tencentError('AuthFailure.SignatureFailure', '请求签名验证失败');
  if (req.headers['x-tc-action'] !== expected.action)
    return tencentError('InvalidAction', `接口 ${String(req.headers['x-tc-action'])} 不存在`);
  if (req.headers['x-tc-version'] !== expected.version) return tencentError('NoSuchVersion', '接口版本不存在');
  return null;
}
