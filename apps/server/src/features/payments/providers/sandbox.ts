import { z } from 'zod';
import { verifyCallbackSignature } from '../signature.js';
import { header, type PaymentProvider, type WebhookVerdict } from './types.js';

const callbackBody = z.object({
  orderId: z.string().min(8).max(64),
  providerTxnId: z.string().min(1).max(100),
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.enum(['paid', 'cancelled']),
});

const TEXT: Record<WebhookVerdict, [number, string]> = {
  success: [200, 'success'],
  'already-processed': [200, 'success: already processed'],
  refused: [400, 'fail'],
  'bad-signature': [401, 'fail: signature'],
  unreadable: [400, 'fail: body'],
  conflict: [409, 'fail'],
};

/**
 * The sandbox gateway (our own checkout page, decisions/0011 and 0018): HMAC-SHA256 of `timestamp.body`
 * with the channel's secret, ±300 s. Open only in sandbox mode; kept so demos work as before.
 */
export function createSandboxPaymentProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment(request) {
      return { payUrl: `/api/sandbox/checkout?orderId=${request.orderNo}` };
    },
    async verifyNotification({ rawBody, headers, channel, nowS }) {
      if (!verifyCallbackSignature(channel.secret, header(headers, 'x-timestamp'), header(headers, 'x-signature'), rawBody, nowS))
        return { kind: 'bad-signature' };
      let parsed: z.output<typeof callbackBody>;
      try {
        parsed = callbackBody.parse(JSON.parse(rawBody));
      } catch {
        return { kind: 'unreadable', orderNo: null };
      }
      return {
        kind: 'ok',
        notification: {
          orderNo: parsed.orderId,
          providerTxnId: parsed.providerTxnId,
          amountMinor: parsed.amount,
          currency: parsed.currency,
          status: parsed.status,
        },
      };
    },
    // The sandbox gateway keeps no state of its own: its checkout posts the result, nothing to ask.
    async queryOrder() {
      return { state: 'unknown', providerTxnId: null, amountMinor: null, currency: null };
    },
    // Sandbox money is not real: a refund is done as it is asked. It keeps no record, so a retry after a
    // crash finds nothing and asks again, which is as harmless as the first.
    async refund(request) {
      return { state: 'succeeded', providerRefundId: `sandbox-${request.refundNo}`, detail: 'SANDBOX' };
    },
    async queryRefund() {
      return { state: 'not_found', providerRefundId: null, detail: 'SANDBOX' };
    },
    answer(verdict) {
      const [status, body] = TEXT[verdict];
      return { status, contentType: 'text/plain', body };
    },
  };
}
