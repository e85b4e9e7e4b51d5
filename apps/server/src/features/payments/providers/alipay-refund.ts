import type { AlipaySdk } from 'alipay-sdk';
import { fenToYuan } from './money.js';
import type { RefundAnswer, RefundRequest } from './types.js';

/** Alipay's business errors that mean "try again", not "refused" (nothing else is retried). */
const RETRY_SUB_CODES = new Set(['ACQ.SYSTEM_ERROR', 'AQC.SYSTEM_ERROR']);

type Answer = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * alipay.trade.refund (synchronous): code 10000 means the refund is done. Alipay keeps out_request_no per
 * trade, so the same request again answers 10000 with fund_change "N" and moves no money twice. A business
 * refusal (40004: the merchant's balance, a finished trade, an amount past the trade) is final; a system
 * error or an unreadable answer is not, and is asked about later (alipay.trade.fastpay.refund.query).
 */
export async function alipayRefund(sdk: AlipaySdk, request: RefundRequest): Promise<RefundAnswer> {
  const result = (await sdk.exec(
    'alipay.trade.refund',
    {
      bizContent: {
        out_trade_no: request.orderNo,
        refund_amount: fenToYuan(request.refundMinor),
        out_request_no: request.refundNo,
        refund_reason: request.reason.slice(0, 256),
      },
    },
    { validateSign: true },
  )) as Answer;
  if (result.code === '10000' && result.out_trade_no === request.orderNo)
    return { state: 'succeeded', providerRefundId: text(result.trade_no) || null, detail: `fund_change=${text(result.fund_change)}` };
  const subCode = text(result.sub_code);
  if (result.code === '40004' && !RETRY_SUB_CODES.has(subCode))
    return { state: 'failed', providerRefundId: null, detail: `${subCode} ${text(result.sub_msg)}`.trim() };
  return { state: 'unknown', providerRefundId: null, detail: `${text(result.code)} ${subCode}`.trim() };
}

/**
 * alipay.trade.fastpay.refund.query: refund_status REFUND_SUCCESS (or, as Alipay documents for the
 * synchronous refund, the refund's fields without a status) is a refund done; a 10000 answer without them
 * means Alipay never received the request, and the same out_request_no may be sent again.
 */
export async function alipayQueryRefund(sdk: AlipaySdk, request: RefundRequest): Promise<RefundAnswer> {
  const result = (await sdk.exec(
    'alipay.trade.fastpay.refund.query',
    { bizContent: { out_trade_no: request.orderNo, out_request_no: request.refundNo, query_options: ['gmt_refund_pay'] } },
    { validateSign: true },
  )) as Answer;
  if (result.code !== '10000')
    return { state: 'unknown', providerRefundId: null, detail: `${text(result.code)} ${text(result.sub_code)}`.trim() };
  const found = result.out_request_no === request.refundNo && text(result.refund_amount) !== '';
  if (found && (result.refund_status === undefined || result.refund_status === 'REFUND_SUCCESS'))
    return { state: 'succeeded', providerRefundId: text(result.trade_no) || null, detail: text(result.refund_status) || 'REFUND_SUCCESS' };
  return { state: 'not_found', providerRefundId: null, detail: text(result.refund_status) || 'NOT_FOUND' };
}
