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
import { consoleRouter } from '../../../platform/http/routers.js';
import { approveWithdrawal, completeWithdrawal, failWithdrawal, pageWithdrawals, retryWithdrawal } from './withdrawals.js';
import { saveWithdrawalRules, withdrawalRules } from './withdrawal-guard.js';
import { approveWithdrawalReview, rejectWithdrawalReview } from './withdrawal-review.js';

/** Screen 5 (withdrawals, /api/admin/withdrawals/*). */
export function registerBackpackConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const r = consoleRouter(app);
  const idempotent = consoleRouter(app, { idempotent: { db } });

  r.get('/api/admin/withdrawals', withdrawalListParams, adminWithdrawalPage, 'withdrawals.read', ({ params }) =>
    pageWithdrawals(ctx, params),
  );
  idempotent.post('/api/admin/withdrawals/approve', withdrawalIdParams, withdrawalActionResult, 'withdrawals.write', ({ params, actor }) =>
    approveWithdrawal(ctx, actor, params.id),
  );
  idempotent.post('/api/admin/withdrawals/retry', withdrawalIdParams, withdrawalActionResult, 'withdrawals.write', ({ params, actor }) =>
    retryWithdrawal(ctx, actor, params.id),
  );
  idempotent.post('/api/admin/withdrawals/fail', withdrawalFailParams, withdrawalActionResult, 'withdrawals.write', ({ params, actor }) =>
    failWithdrawal(ctx, actor, params.id, params.reason),
  );
  idempotent.post(
    '/api/admin/withdrawals/complete',
    withdrawalCompleteParams,
    withdrawalActionResult,
    'withdrawals.write',
    ({ params, actor }) => completeWithdrawal(ctx, actor, params.id, params.tradeOfferId),
  );
  // Issue 24 §4: the risk-review queue's decisions, and the withdrawal guard's settings (decision 0045).
  idempotent.post(
    '/api/admin/withdrawals/approveReview',
    withdrawalReviewParams,
    withdrawalActionResult,
    'withdrawals.write',
    ({ params, actor }) => approveWithdrawalReview(ctx, actor, params.id),
  );
  idempotent.post(
    '/api/admin/withdrawals/rejectReview',
    withdrawalReviewRejectParams,
    withdrawalActionResult,
    'withdrawals.write',
    ({ params, actor }) => rejectWithdrawalReview(ctx, actor, params.id, params.reason),
  );
  r.get('/api/admin/withdrawals/rules', emptyParams, withdrawalRulesSchema, 'withdrawals.read', () => withdrawalRules(db));
  r.post('/api/admin/withdrawals/rules', withdrawalRulesParams, withdrawalRulesSchema, 'withdrawals.rules', ({ params, actor }) =>
    saveWithdrawalRules(ctx, actor, params),
  );
}
