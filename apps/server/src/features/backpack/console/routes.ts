import type { FastifyInstance } from 'fastify';
import {
  adminWithdrawalPage,
  emptyParams,
  withdrawalActionResult,
  withdrawalCompleteParams,
  withdrawalFailParams,
  withdrawalIdParams,
  withdrawalListParams,
  withdrawalReviewParams,
  withdrawalReviewRejectParams,
  withdrawalRulesParams,
  withdrawalRulesSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { approveWithdrawal, completeWithdrawal, failWithdrawal, pageWithdrawals, retryWithdrawal } from './withdrawals.js';
import { saveWithdrawalRules, withdrawalRules } from './withdrawal-guard.js';
import { approveWithdrawalReview, rejectWithdrawalReview } from './withdrawal-review.js';

/** Screen 5 (withdrawals, /api/admin/withdrawals/*). */
export function registerBackpackConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/withdrawals',
    params: withdrawalListParams,
    response: adminWithdrawalPage,
    operator: { permission: 'withdrawals.read' },
    handler: ({ params }) => pageWithdrawals(ctx, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/approve',
    params: withdrawalIdParams,
    response: withdrawalActionResult,
    operator: { permission: 'withdrawals.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => approveWithdrawal(ctx, { operatorId: operator.id, ip }, params.id),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/retry',
    params: withdrawalIdParams,
    response: withdrawalActionResult,
    operator: { permission: 'withdrawals.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => retryWithdrawal(ctx, { operatorId: operator.id, ip }, params.id),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/fail',
    params: withdrawalFailParams,
    response: withdrawalActionResult,
    operator: { permission: 'withdrawals.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => failWithdrawal(ctx, { operatorId: operator.id, ip }, params.id, params.reason),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/complete',
    params: withdrawalCompleteParams,
    response: withdrawalActionResult,
    operator: { permission: 'withdrawals.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => completeWithdrawal(ctx, { operatorId: operator.id, ip }, params.id, params.tradeOfferId),
  });
  // Issue 24 §4: the risk-review queue's decisions, and the withdrawal guard's settings (decision 0045).
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/approveReview',
    params: withdrawalReviewParams,
    response: withdrawalActionResult,
    operator: { permission: 'withdrawals.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => approveWithdrawalReview(ctx, { operatorId: operator.id, ip }, params.id),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/rejectReview',
    params: withdrawalReviewRejectParams,
    response: withdrawalActionResult,
    operator: { permission: 'withdrawals.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => rejectWithdrawalReview(ctx, { operatorId: operator.id, ip }, params.id, params.reason),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/withdrawals/rules',
    params: emptyParams,
    response: withdrawalRulesSchema,
    operator: { permission: 'withdrawals.read' },
    handler: () => withdrawalRules(db),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/withdrawals/rules',
    params: withdrawalRulesParams,
    response: withdrawalRulesSchema,
    operator: { permission: 'withdrawals.rules' },
    handler: ({ params, operator, ip }) => saveWithdrawalRules(ctx, { operatorId: operator.id, ip }, params),
  });
}
