import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { startStubServer, type StubAnswer, type StubRequest } from './stub-server.js';

/**
 * A stand-in for Alibaba Cloud SMS (dysmsapi.aliyuncs.com, API 2017-05-25) speaking its protocol: the
 * request must carry a valid ACS3-HMAC-SHA256 signature (what SDK v4 sends: the canonical request of
 * method, path, sorted and percent-encoded query, the signed x-acs-*, host and content-type headers and
 * the body's SHA-256; HMAC-SHA256 with the AccessKey secret), a fresh x-acs-date and an unused nonce.
 * Answers as Aliyun does: HTTP 4xx with `Code` for an unknown key or a bad signature, HTTP 200 with
 * `Code: "OK"` and a BizId for a send, HTTP 200 with an `isv.*` code for a refused one.
 */
export interface AliyunSmsStubOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** A second approved template (the security notice of issue 24), if the account has one. */
  noticeTemplateCode?: string;
}

export interface DeliveredSms {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  bizId: string;
}

// Aliyun's percent-encoding (RFC 3986: also ! ' ( ) *).
const encode = (s: string) =>
  encodeURIComponent(s).replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\*/g, '%2A');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function startAliyunSmsStub(options: AliyunSmsStubOptions) {
  const delivered: DeliveredSms[] = [];
  const refusals: string[] = [];
  const nonces = new Set<string>();
  /** The next sends get this business code (e.g. isv.BUSINESS_LIMIT_CONTROL) instead of OK. */
  const failures: string[] = [];
  let down = false;

  const error = (status: number, Code: string, Message: string): StubAnswer => {
    refusals.push(Code);
    return { status, body: { RequestId: randomUUID().toUpperCase(), HostId: 'dysmsapi.aliyuncs.com', Code, Message } };
  };

  function verify(req: StubRequest): StubAnswer | null {
    const auth = String(req.headers.authorization ?? '');
    const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return error(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, accessKeyId, signedHeaderList, signature] = m as unknown as [string, string, string, string];
    if (accessKeyId !== options.accessKeyId) return error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = signedHeaderList.split(';');
    for (const required of ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'])
      if (!signed.includes(required)) return error(400, 'IncompleteSignature', `${required} must be signed`);
    if (!sameHex(sha256(req.body), String(req.headers['x-acs-content-sha256'])))
      return error(400, 'IncompleteSignature', 'x-acs-content-sha256 does not match the body');
    const date = Date.parse(String(req.headers['x-acs-date']));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000)
      return error(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    const url = new URL(req.url, 'http://stub');
    const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const canonicalQuery = params.map(([k, v]) => `${k}=${encode(v)}`).join('&');
    const canonicalHeaders = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
    const canonicalRequest = [
      req.method,
      url.pathname,
      canonicalQuery,
      canonicalHeaders,
      signedHeaderList,
      String(req.headers['x-acs-content-sha256']),
    ].join('\n');
    const expected = createHmac('sha256', options.accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonicalRequest)}`)
      .digest('hex');
    if (!sameHex(expected, signature))
      return error(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    const nonce = String(req.headers['x-acs-signature-nonce']);
    if (nonces.has(nonce)) return error(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    nonces.add(nonce);
    return null;
  }

  /** Every request as received (tests replay and tamper with them). */
  const requests: StubRequest[] = [];
  const server = await startStubServer((req) => {
    requests.push(req);
    if (down)
      return {
        status: 503,
        body: { Code: 'ServiceUnavailable', Message: 'The request has failed due to a temporary failure of the server.' },
      };
    const refused = verify(req);
    if (refused) return refused;
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25')
      return error(404, 'InvalidAction.NotFound', 'Specified api is not found');
    const q = new URL(req.url, 'http://stub').searchParams;
    const RequestId = randomUUID().toUpperCase();
    const refuse = (Code: string, Message: string): StubAnswer => {
      refusals.push(Code);
      return { status: 200, body: { RequestId, Code, Message } };
    };
    const phone = q.get('PhoneNumbers') ?? '';
    if (!/^1\d{10}$/.test(phone)) return refuse('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (q.get('SignName') !== options.signName) return refuse('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    const template = q.get('TemplateCode');
    if (template !== options.templateCode && (!options.noticeTemplateCode || template !== options.noticeTemplateCode))
      return refuse('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    let params: Record<string, string>;
    try {
      params = JSON.parse(q.get('TemplateParam') ?? '') as Record<string, string>;
    } catch {
      return refuse('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    const failure = failures.shift();
    if (failure) return refuse(failure, '触发号码天级流控');
    const bizId = `${Date.now()}^0`;
    delivered.push({ phone, signName: q.get('SignName')!, templateCode: q.get('TemplateCode')!, params, bizId });
    return { status: 200, body: { RequestId, Code: 'OK', Message: 'OK', BizId: bizId } };
  });

  return {
    url: server.url,
    close: () => server.close(),
    /** Messages accepted, oldest first. */
    delivered,
    requests,
    /** Codes of every refusal, oldest first. */
    refusals,
    failNext(code = 'isv.BUSINESS_LIMIT_CONTROL') {
      failures.push(code);
    },
    setDown(value: boolean) {
      down = value;
    },
    /** The code in the newest message to this number. */
    lastCode(phone: string): string | undefined {
      return delivered.filter((d) => d.phone === phone).at(-1)?.params.code;
    },
  };
}

export type AliyunSmsStub = Awaited<ReturnType<typeof startAliyunSmsStub>>;
