import { AlipaySdk } from 'alipay-sdk';
import { alipayQueryRefund, alipayRefund } from './alipay-refund.js';
import { beijingTime, fenToYuan, yuanToFen } from './money.js';
import type { NotificationCheck, PaymentProvider, QueriedOrder, WebhookVerdict } from './types.js';

export interface AlipaySettings {
  appId: string;
  /** The application's private key (PKCS#8 PEM): every request is RSA2-signed with it. */
  privateKey: string;
  /** Alipay's public key (PEM): notifications and responses are verified with it. */
  alipayPublicKey: string;
  /** The OpenAPI gateway (https://openapi.alipay.com/gateway.do); the tests point it at a stub. */
  gateway: string;
  /** `page`: the desktop cashier (alipay.trade.page.pay); `qr`: a QR code to scan (alipay.trade.precreate). */
  mode: 'page' | 'qr';
  timeoutMs?: number;
}

/** Anything but the word `success` makes Alipay retry (8 times over 25 hours). */
const TEXT: Record<WebhookVerdict, [number, string]> = {
  success: [200, 'success'],
  'already-processed': [200, 'success'],
  refused: [400, 'fail'],
  'bad-signature': [401, 'fail'],
  unreadable: [400, 'fail'],
  conflict: [409, 'fail'],
};

/** Alipay's trade states → ours; TRADE_FINISHED is a paid trade past its refund window. */
function stateOf(tradeStatus: unknown): 'paid' | 'cancelled' | 'pending' {
  if (tradeStatus === 'TRADE_SUCCESS' || tradeStatus === 'TRADE_FINISHED') return 'paid';
  if (tradeStatus === 'TRADE_CLOSED') return 'cancelled';
  return 'pending';
}

/** The form body of a notification, refusing a key given twice (which value would the signature cover?). */
function formFields(rawBody: string): Record<string, string> | null {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(rawBody)) {
    if (key in fields) return null;
    fields[key] = value;
  }
  return fields;
}

/**
 * Alipay through the official SDK (OpenAPI 2.0, RSA2, public-key mode). Notifications are form-encoded
 * POSTs verified with Alipay's public key (`checkNotifySignV2`: the values as received, not decoded
 * twice); query and precreate responses are verified too (`validateSign`).
 */
export function createAlipayProvider(settings: AlipaySettings): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    signType: 'RSA2',
    keyType: 'PKCS8',
    timeout: settings.timeoutMs ?? 5_000,
    camelcase: false,
  });
  return {
    name: 'alipay',
    async createPayment(request) {
      if (request.currency !== 'CNY') throw new Error(`alipay: currency ${request.currency} is not supported`);
      const bizContent = {
        out_trade_no: request.orderNo,
        total_amount: fenToYuan(request.amountMinor),
        subject: request.subject,
        time_expire: beijingTime(request.expiresAt),
      };
      if (settings.mode === 'page') {
        const payUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
          bizContent: { ...bizContent, product_code: 'FAST_INSTANT_TRADE_PAY' },
          notifyUrl: request.notifyUrl,
          returnUrl: request.returnUrl,
        });
        return { payUrl };
      }
      const result = await sdk.exec('alipay.trade.precreate', { bizContent, notifyUrl: request.notifyUrl }, { validateSign: true });
      const qrCode = (result as Record<string, unknown>).qr_code;
      if (result.code !== '10000' || typeof qrCode !== 'string')
        throw new Error(`alipay precreate: ${result.code} ${String(result.sub_code ?? result.msg)}`);
      return { payUrl: qrCode, qrCode };
    },
    async verifyNotification({ rawBody }): Promise<NotificationCheck> {
      const fields = formFields(rawBody);
      if (!fields || !fields.sign || !sdk.checkNotifySignV2(fields)) return { kind: 'bad-signature' };
      const orderNo = typeof fields.out_trade_no === 'string' && fields.out_trade_no.length <= 64 ? fields.out_trade_no : null;
      const amountMinor = yuanToFen(fields.total_amount);
      // Another merchant's application signed by Alipay too: only our app id's notices count.
      if (fields.app_id !== settings.appId || !orderNo || amountMinor === null || !fields.trade_no || fields.trade_no.length > 64)
        return { kind: 'unreadable', orderNo };
      return {
        kind: 'ok',
        notification: {
          orderNo,
          providerTxnId: fields.trade_no,
          amountMinor,
          currency: fields.trans_currency || 'CNY',
          status: stateOf(fields.trade_status),
        },
      };
    },
    async queryOrder(orderNo): Promise<QueriedOrder> {
      const result = (await sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } }, { validateSign: true })) as Record<
        string,
        unknown
      >;
      // Not yet created at Alipay: the payer never opened the cashier.
      if (result.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'pending', providerTxnId: null, amountMinor: null, currency: null };
      if (result.code !== '10000' || result.out_trade_no !== orderNo)
        return { state: 'unknown', providerTxnId: null, amountMinor: null, currency: null };
      const state = stateOf(result.trade_status);
      return {
        state: state === 'cancelled' ? 'closed' : state,
        providerTxnId: typeof result.trade_no === 'string' ? result.trade_no : null,
        amountMinor: yuanToFen(result.total_amount),
        currency: typeof result.trans_currency === 'string' && result.trans_currency ? result.trans_currency : 'CNY',
      };
    },
    refund: (request) => alipayRefund(sdk, request),
    queryRefund: (request) => alipayQueryRefund(sdk, request),
    answer(verdict) {
      const [status, body] = TEXT[verdict];
      return { status, contentType: 'text/plain', body };
    },
  };
}
