import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { beijingRfc3339 } from './money.js';
import { authorization, decryptResource, responseMessage, rsaVerify } from './wechatpay-crypto.js';
import { wechatQueryRefund, wechatRefund } from './wechatpay-refund.js';
import { header, type NotificationCheck, type PaymentProvider, type QueriedOrder, type WebhookVerdict } from './types.js';

export interface WechatPaySettings {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  certSerial: string;
  /** The merchant API private key (PKCS#8 PEM, apiclient_key.pem). */
  privateKey: string;
  /** The APIv3 key (32 characters): decrypts notification resources. */
  apiV3Key: string;
  /**
   * WeChat Pay public key mode (the platform's public key and its id, `PUB_KEY_ID_…`): responses and
   * notifications must be signed by it. Chosen over downloading platform certificates (/v3/certificates):
   * no rotation job, and WeChat Pay makes it the default for new merchants (docs/DEPLOY.md "Payments").
   */
  platformPublicKeyId: string;
  platformPublicKey: string;
  /** https://api.mch.weixin.qq.com; the tests point it at a stub. */
  baseUrl: string;
  /** `native`: a code_url to show as a QR code; `h5`: a page to open in a mobile browser. */
  mode: 'native' | 'h5';
  timeoutMs?: number;
}

/** ±300 s between the signed timestamp and ours (security.md "Payments"): an old notice replayed later is refused. */
export const WECHATPAY_WINDOW_S = 300;

const notificationSchema = z.object({
  id: z.string().max(64),
  event_type: z.string().max(64),
  resource_type: z.literal('encrypt-resource'),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().max(16_384),
    nonce: z.string().min(1).max(32),
    associated_data: z.string().max(256).optional(),
    original_type: z.string().max(64).optional(),
  }),
});

const transactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64).optional(),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int().positive(), currency: z.string().regex(/^[A-Z]{3}$/) }).optional(),
});

/** Success: 200 with no body; anything else: 4XX/5XX with {code, message}, and WeChat Pay sends it again. */
const ANSWERS: Record<WebhookVerdict, number> = {
  success: 200,
  'already-processed': 200,
  refused: 400,
  'bad-signature': 401,
  unreadable: 400,
  conflict: 409,
};

function tradeState(state: string): 'paid' | 'pending' | 'closed' {
  if (state === 'SUCCESS') return 'paid';
  if (state === 'CLOSED' || state === 'REVOKED' || state === 'PAYERROR') return 'closed';
  return 'pending'; // NOTPAY, USERPAYING; REFUND only follows SUCCESS and is handled as paid below
}

/**
 * WeChat Pay API v3 with Node's crypto (no SDK): requests signed with the merchant key, responses and
 * notifications checked against the platform public key, resources decrypted with AES-256-GCM.
 */
export function createWechatPayProvider(settings: WechatPaySettings): PaymentProvider {
  const privateKey = createPrivateKey(settings.privateKey);
  const platformKey = createPublicKey(settings.platformPublicKey);
  const base = settings.baseUrl.replace(/\/$/, '');

  /** A signed (timestamp, nonce, body) from the platform, within the window, under the configured key id. */
  function signedByPlatform(headers: Record<string, string | string[] | undefined>, body: string, nowS: number): boolean {
    const ts = header(headers, 'wechatpay-timestamp');
    const n = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!ts || !n || !signature || !/^\d{9,11}$/.test(ts) || n.length > 64 || signature.length > 1024) return false;
    if (serial !== settings.platformPublicKeyId) return false;
    if (Math.abs(nowS - Number(ts)) > WECHATPAY_WINDOW_S) return false;
    return rsaVerify(responseMessage(ts, n, body), signature, platformKey);
  }

  async function call(method: 'GET' | 'POST', pathWithQuery: string, payload?: object): Promise<{ status: number; body: unknown }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await fetch(`${base}${pathWithQuery}`, {
      method,
      headers: {
        accept: 'application/json',
        'user-agent': 'skinfair-server',
        authorization: authorization({ mchId: settings.mchId, serialNo: settings.certSerial, privateKey, method, pathWithQuery, body }),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? 5_000),
    });
    const text = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // Even an error answer is signed: an unsigned one did not come from WeChat Pay.
    if (!signedByPlatform(headers, text, Date.now() / 1000))
      throw new Error(`wechatpay ${method} ${pathWithQuery}: answer not signed by the platform key (${res.status})`);
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  return {
    name: 'wechatpay',
    async createPayment(request) {
      if (request.currency !== 'CNY') throw new Error(`wechatpay: currency ${request.currency} is not supported`);
      const order = {
        appid: settings.appId,
        mchid: settings.mchId,
        description: request.subject,
        out_trade_no: request.orderNo,
        time_expire: beijingRfc3339(request.expiresAt),
        notify_url: request.notifyUrl,
        amount: { total: request.amountMinor, currency: 'CNY' },
      };
      if (settings.mode === 'native') {
        const res = await call('POST', '/v3/pay/transactions/native', order);
        const codeUrl = (res.body as { code_url?: unknown } | null)?.code_url;
        if (res.status !== 200 || typeof codeUrl !== 'string') throw new Error(`wechatpay native: ${res.status}`);
        return { payUrl: codeUrl, qrCode: codeUrl };
      }
      const res = await call('POST', '/v3/pay/transactions/h5', {
        ...order,
        scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
      });
      const h5Url = (res.body as { h5_url?: unknown } | null)?.h5_url;
      if (res.status !== 200 || typeof h5Url !== 'string') throw new Error(`wechatpay h5: ${res.status}`);
      // The payer returns to our page after paying (redirect_url must be on the domain registered with WeChat Pay).
      return { payUrl: `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(request.returnUrl)}` };
    },
    async verifyNotification({ rawBody, headers, nowS }): Promise<NotificationCheck> {
      if (!signedByPlatform(headers, rawBody, nowS ?? Date.now() / 1000)) return { kind: 'bad-signature' };
      let envelope: z.output<typeof notificationSchema>;
      try {
        envelope = notificationSchema.parse(JSON.parse(rawBody));
      } catch {
        return { kind: 'unreadable', orderNo: null };
      }
      const plain = decryptResource(settings.apiV3Key, envelope.resource);
      if (plain === null) return { kind: 'unreadable', orderNo: null };
      let txn: z.output<typeof transactionSchema>;
      try {
        txn = transactionSchema.parse(JSON.parse(plain));
      } catch {
        return { kind: 'unreadable', orderNo: null };
      }
      // Only our merchant and application; a paid notice names the transaction and the amount.
      if (txn.mchid !== settings.mchId || txn.appid !== settings.appId) return { kind: 'unreadable', orderNo: txn.out_trade_no };
      const state = tradeState(txn.trade_state);
      if (state !== 'paid')
        return {
          kind: 'ok',
          notification: {
            orderNo: txn.out_trade_no,
            providerTxnId: txn.transaction_id ?? '',
            amountMinor: txn.amount?.total ?? 0,
            currency: txn.amount?.currency ?? '',
            status: 'pending',
          },
        };
      if (!txn.transaction_id || !txn.amount) return { kind: 'unreadable', orderNo: txn.out_trade_no };
      return {
        kind: 'ok',
        notification: {
          orderNo: txn.out_trade_no,
          providerTxnId: txn.transaction_id,
          amountMinor: txn.amount.total,
          currency: txn.amount.currency,
          status: 'paid',
        },
      };
    },
    async queryOrder(orderNo): Promise<QueriedOrder> {
      const res = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(settings.mchId)}`,
      );
      if (res.status === 404) return { state: 'pending', providerTxnId: null, amountMinor: null, currency: null };
      const parsed = transactionSchema.safeParse(res.body);
      if (res.status !== 200 || !parsed.success || parsed.data.out_trade_no !== orderNo || parsed.data.mchid !== settings.mchId)
        return { state: 'unknown', providerTxnId: null, amountMinor: null, currency: null };
      const txn = parsed.data;
      return {
        state: txn.trade_state === 'REFUND' ? 'paid' : tradeState(txn.trade_state),
        providerTxnId: txn.transaction_id ?? null,
        amountMinor: txn.amount?.total ?? null,
        currency: txn.amount?.currency ?? null,
      };
    },
    refund: (request) => wechatRefund(call, request),
    queryRefund: (request) => wechatQueryRefund(call, request),
    answer(verdict) {
      const status = ANSWERS[verdict];
      if (status === 200) return { status: 200, contentType: 'text/plain', body: '' };
      return { status, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: verdict }) };
    },
  };
}
