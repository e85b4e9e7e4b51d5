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
import { adminRoute } from '../admin-route.js';
import { depositDetail, markDepositForReview, pageDeposits } from './deposits.js';

/** Screen 7 (deposits, /api/admin/deposits/*). */
export function depositAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/deposits',
    params: depositListParams,
    response: adminDepositPage,
    permission: 'deposits.read',
    handler: ({ params }) => pageDeposits(ctx, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/deposits/detail',
    params: depositOrderParams,
    response: depositDetailSchema,
    permission: 'deposits.read',
    handler: ({ params }) => depositDetail(ctx, params.orderNo),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/deposits/markReview',
    params: depositMarkReviewParams,
    response: adminDepositSchema,
    permission: 'deposits.write',
    handler: ({ params, operator, ip }) => markDepositForReview(ctx, { operatorId: operator.id, ip }, params.orderNo, params.reason),
  });
}
