import { z } from 'zod';
import type { RefundAnswer, RefundRequest } from './types.js';

/** A signed call to the API (the adapter's own: it signs the request and checks the answer's signature). */
export type WechatCall = (method: 'GET' | 'POST', pathWithQuery: string, payload?: object) => Promise<{ status: number; body: unknown }>;

const refundSchema = z.object({
  refund_id: z.string().max(64),
  out_refund_no: z.string().max(64),
  out_trade_no: z.string().max(64).optional(),
  status: z.string().max(32),
  amount: z.object({ refund: z.number().int(), total: z.number().int(), currency: z.string() }).optional(),
});

const errorCode = (body: unknown) => {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code.slice(0, 64) : '';
};

/** Errors that mean "not now" (WeChat Pay's own list for the refund API): asked about again, never refused. */
const RETRY_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED']);

/**
 * One refund's status → ours. SUCCESS is done; PROCESSING is asked about again. CLOSED is a refund that will
 * not happen. ABNORMAL (the payer's card or account could not take it) waits for the merchant to redirect it
 * on the merchant platform, so it stays open here, for the operator, rather than giving the coins back.
 */
function answerOf(body: unknown, request: RefundRequest): RefundAnswer {
  const parsed = refundSchema.safeParse(body);
  if (!parsed.success || parsed.data.out_refund_no !== request.refundNo)
    return { state: 'unknown', providerRefundId: null, detail: 'unreadable refund' };
  const { status, refund_id: id } = parsed.data;
  if (status === 'SUCCESS') return { state: 'succeeded', providerRefundId: id, detail: status };
  if (status === 'CLOSED') return { state: 'failed', providerRefundId: id, detail: status };
  return { state: 'processing', providerRefundId: id, detail: status };
}

/**
 * POST /v3/refund/domestic/refunds. WeChat Pay keeps out_refund_no per merchant: sending the same one again
 * returns that refund, never a second. A 4XX with a business code (NOT_ENOUGH, INVALID_REQUEST, …) is a
 * refusal; 5XX, a retry code or no answer leaves it to the query.
 */
export async function wechatRefund(call: WechatCall, request: RefundRequest): Promise<RefundAnswer> {
  const res = await call('POST', '/v3/refund/domestic/refunds', {
    out_trade_no: request.orderNo,
    out_refund_no: request.refundNo,
    reason: request.reason.slice(0, 80),
    amount: { refund: request.refundMinor, total: request.totalMinor, currency: request.currency },
  });
  if (res.status === 200) return answerOf(res.body, request);
  const code = errorCode(res.body);
  if (res.status >= 400 && res.status < 500 && code && !RETRY_CODES.has(code))
    return { state: 'failed', providerRefundId: null, detail: code };
  return { state: 'unknown', providerRefundId: null, detail: `${res.status} ${code}`.trim() };
}

/** GET /v3/refund/domestic/refunds/{out_refund_no}: 404 RESOURCE_NOT_EXISTS is a request that never arrived. */
export async function wechatQueryRefund(call: WechatCall, request: RefundRequest): Promise<RefundAnswer> {
  const res = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(request.refundNo)}`);
  if (res.status === 200) return answerOf(res.body, request);
  if (res.status === 404 && errorCode(res.body) === 'RESOURCE_NOT_EXISTS')
    return { state: 'not_found', providerRefundId: null, detail: 'RESOURCE_NOT_EXISTS' };
  return { state: 'unknown', providerRefundId: null, detail: `${res.status} ${errorCode(res.body)}`.trim() };
}
