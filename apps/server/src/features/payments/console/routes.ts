import type { FastifyInstance } from 'fastify';
import {
  adminDepositPage,
  adminDepositSchema,
  depositDetail as depositDetailSchema,
  depositListParams,
  depositMarkReviewParams,
  depositOrderParams,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { depositDetail, markDepositForReview, pageDeposits } from './deposits.js';

/** Screen 7 (deposits, /api/admin/deposits/*). */
export function registerPaymentConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/deposits',
    params: depositListParams,
    response: adminDepositPage,
    operator: { permission: 'deposits.read' },
    handler: ({ params }) => pageDeposits(ctx, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/deposits/detail',
    params: depositOrderParams,
    response: depositDetailSchema,
    operator: { permission: 'deposits.read' },
    handler: ({ params }) => depositDetail(ctx, params.orderNo),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/deposits/markReview',
    params: depositMarkReviewParams,
    response: adminDepositSchema,
    operator: { permission: 'deposits.write' },
    handler: ({ params, operator, ip }) => markDepositForReview(ctx, { operatorId: operator.id, ip }, params.orderNo, params.reason),
  });
}
