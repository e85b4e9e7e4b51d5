import type { FastifyInstance } from 'fastify';
import {
  adminDepositPage,
  adminDepositSchema,
  dailyTopUpParams,
  dailyTopUpTiersSchema,
  depositDetail as depositDetailSchema,
  depositListParams,
  depositMarkReviewParams,
  depositOrderParams,
  depositRefundParams,
  depositRefundQuote,
  depositRefundResult,
  emptyParams,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { depositDetail, markDepositForReview, pageDeposits } from './deposits.js';
import { refundDeposit, refundQuote } from './refunds.js';
import { dailyTopUpTiers, saveDailyTopUpTiers } from './daily-topup.js';

/** Screen 7 (deposits, /api/admin/deposits/*). */
export function registerPaymentConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = consoleRouter(app);
  r.get('/api/admin/deposits', depositListParams, adminDepositPage, 'deposits.read', ({ params }) => pageDeposits(ctx, params));
  r.get('/api/admin/deposits/detail', depositOrderParams, depositDetailSchema, 'deposits.read', ({ params }) =>
    depositDetail(ctx, params.orderNo),
  );
  r.post('/api/admin/deposits/markReview', depositMarkReviewParams, adminDepositSchema, 'deposits.write', ({ params, actor }) =>
    markDepositForReview(ctx, actor, params.orderNo, params.reason),
  );
  r.get('/api/admin/deposits/refundQuote', depositOrderParams, depositRefundQuote, 'deposits.read', ({ params }) =>
    refundQuote(ctx, params.orderNo),
  );
  r.post('/api/admin/deposits/refund', depositRefundParams, depositRefundResult, 'deposits.refund', ({ params, actor }) =>
    refundDeposit(ctx, actor, params),
  );
  // Screen 8 (promotions): the daily top-up tiers (issue 27 §5), edited beside the other deposit rewards.
  r.get('/api/admin/promotions/dailyTopUp', emptyParams, dailyTopUpTiersSchema, 'promotions.read', () => dailyTopUpTiers(ctx));
  r.post('/api/admin/promotions/dailyTopUp', dailyTopUpParams, dailyTopUpTiersSchema, 'promotions.write', ({ params, actor }) =>
    saveDailyTopUpTiers(ctx, actor, params),
  );
}
