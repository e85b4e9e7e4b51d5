import type { PaymentChannel } from '../repo.js';

/** What a provider is asked to collect: everything comes from our order row (security.md "Payments"). */
export interface PaymentRequest {
  orderNo: string;
  amountMinor: number;
  currency: string;
  /** The goods description the payer sees. */
  subject: string;
  /** The payment must be finished by then; the provider closes the trade itself afterwards. */
  expiresAt: Date;
  /** Where the provider posts its notification (`/api/callback/{channelId}` on PUBLIC_URL). */
  notifyUrl: string;
  /** Where the payer's browser lands afterwards. */
  returnUrl: string;
  /** The payer's address (WeChat H5 requires it). */
  clientIp: string;
}

/** A page to send the payer to (`payUrl`), and for QR modes the code's content. */
export interface PaymentStart {
  payUrl: string;
  qrCode?: string;
}

/** A notification whose signature checked, reduced to what the settlement compares with our order row. */
export interface VerifiedNotification {
  orderNo: string;
  providerTxnId: string;
  amountMinor: number;
  currency: string;
  /** `pending`: a notice about a trade that is not paid (nothing to do but acknowledge it). */
  status: 'paid' | 'cancelled' | 'pending';
}

export type NotificationCheck =
  | { kind: 'bad-signature' }
  /** Signed, but not something we can read: kept and refused. */
  | { kind: 'unreadable'; orderNo: string | null }
  | { kind: 'ok'; notification: VerifiedNotification };

/** What the provider reports about one of our orders (reconciliation). */
export interface QueriedOrder {
  state: 'paid' | 'pending' | 'closed' | 'unknown';
  providerTxnId: string | null;
  amountMinor: number | null;
  currency: string | null;
}

/** A refund of (part of) a paid order; `refundNo` is our refund id, the provider's idempotency key. */
export interface RefundRequest {
  refundNo: string;
  orderNo: string;
  providerTxnId: string | null;
  /** This refund, and the order's whole amount (WeChat Pay asks for both), in the order's minor unit. */
  refundMinor: number;
  totalMinor: number;
  currency: string;
  reason: string;
}

/**
 * What the provider says about one refund: `succeeded` (the money is on its way back), `processing`
 * (accepted, not finished: ask again later), `failed` (refused or closed for good: nothing was refunded),
 * `not_found` (only from queryRefund: the request never arrived, so sending it again is safe), `unknown`
 * (no usable answer: ask again later; never taken as a refusal, since the refund may have happened).
 */
export interface RefundAnswer {
  state: 'succeeded' | 'processing' | 'failed' | 'not_found' | 'unknown';
  providerRefundId: string | null;
  /** The provider's own word (status or error code), kept for the console. */
  detail: string;
}

/** How the webhook's verdict is spelled for this provider (each has its own required answer). */
export type WebhookVerdict = 'success' | 'already-processed' | 'refused' | 'bad-signature' | 'unreadable' | 'conflict';

export interface WebhookAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One payment provider behind a channel (payment_channels.channel_type): it starts a payment, checks a
 * notification on the raw bytes before anything in it is trusted, and reports an order's state for
 * reconciliation. The amount credited always comes from our order row, never from the provider.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'alipay' | 'wechatpay';
  createPayment(request: PaymentRequest, channel: PaymentChannel): Promise<PaymentStart>;
  verifyNotification(input: {
    rawBody: string;
    headers: Record<string, string | string[] | undefined>;
    channel: PaymentChannel;
    nowS?: number;
  }): Promise<NotificationCheck>;
  queryOrder(orderNo: string, channel: PaymentChannel): Promise<QueriedOrder>;
  /** Asks for a refund; the same `refundNo` again never refunds twice (the providers' own rule). */
  refund(request: RefundRequest, channel: PaymentChannel): Promise<RefundAnswer>;
  /** What became of a refund asked for earlier (after a crash or a `processing` answer). */
  queryRefund(request: RefundRequest, channel: PaymentChannel): Promise<RefundAnswer>;
  answer(verdict: WebhookVerdict): WebhookAnswer;
}

/** payment_channels.channel_type (api-shapes §6). */
export const CHANNEL_TYPE = { wechatpay: 0, alipay: 1, sandbox: 9 } as const;

export const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return typeof v === 'string' ? v : undefined;
};
