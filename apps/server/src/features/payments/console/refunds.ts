import type { z } from 'zod';
import type { DepositRefundQuote, DepositRefundResult, depositRefundParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../admin/index.js';
import { findOrderByNo } from '../repo.js';
import { beginRefund } from '../refunds/refund-intent.js';
import { refundPosition, toRefund } from '../refunds/refund-quote.js';
import { sendRefund } from '../refunds/refund-send.js';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** The confirm dialog's figures: what can be refunded now, why not more, and the refunds so far. */
export async function refundQuote(ctx: Ctx, orderNo: string): Promise<DepositRefundQuote> {
  const order = await findOrderByNo(ctx.db, orderNo);
  if (!order) throw new AppError('ADMIN_DEPOSIT_NOT_FOUND', `order ${orderNo}`);
  return (await refundPosition(ctx.db, ctx.config, order)).quote;
}

/**
 * An operator's refund (decision 0060): the intent is committed with the coins taken and the audit row, then
 * the provider is asked with no transaction open, then its answer recorded. The answer says where it stands
 * (1 done, 0 still with the provider, 2 refused and the coins given back) and the order's figures after it.
 */
export async function refundDeposit(ctx: Ctx, actor: Actor, params: z.output<typeof depositRefundParams>): Promise<DepositRefundResult> {
  const intent = await beginRefund(ctx.db, ctx.config, actor, params);
  const refund = (await sendRefund(ctx.db, ctx.config, intent.refundNo)) ?? intent;
  return { refund: toRefund(refund), quote: await refundQuote(ctx, params.orderNo) };
}
