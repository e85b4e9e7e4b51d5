import type { FastifyInstance } from 'fastify';
import {
  adminPlayerDetail,
  adminPlayerPage,
  adminPlayerSchema,
  adminWithdrawalPage,
  endSessionsResult,
  orApprovalPending,
  playerAdjustParams,
  playerAdjustResult,
  playerEndSessionsParams,
  playerFreezeParams,
  playerIdParams,
  playerSearchParams,
  withdrawalActionResult,
  withdrawalCompleteParams,
  withdrawalFailParams,
  withdrawalIdParams,
  withdrawalListParams,
  releaseWithdrawalHoldParams,
  releaseWithdrawalHoldResult,
  withdrawalReviewParams,
  withdrawalReviewRejectParams,
  withdrawalRulesParams,
  withdrawalRulesSchema,
  emptyParams,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { adminRoute } from '../admin-route.js';
import { endPlayerSessions, playerDetail, searchPlayers, setPlayerFrozen } from './players.js';
import { adjustPlayerBalance } from './adjust-balance.js';
import { approveWithdrawal, completeWithdrawal, failWithdrawal, pageWithdrawals, retryWithdrawal } from './withdrawals.js';
import { releasePlayerWithdrawalHold, saveWithdrawalRules, withdrawalRules } from './withdrawal-guard.js';
import { approveWithdrawalReview, rejectWithdrawalReview } from './withdrawal-review.js';

/** Screens 6 (players, /api/admin/players/*) and 5 (withdrawals, /api/admin/withdrawals/*). */
export function playerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/players',
    params: playerSearchParams,
    response: adminPlayerPage,
    permission: 'players.read',
    handler: ({ params }) => searchPlayers(ctx, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/players/detail',
    params: playerIdParams,
    response: adminPlayerDetail,
    permission: 'players.read',
    handler: ({ params }) => playerDetail(ctx, params.id),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/players/freeze',
    params: playerFreezeParams,
    response: adminPlayerSchema,
    permission: 'players.write',
    handler: ({ params, operator, ip }) => setPlayerFrozen(ctx, { operatorId: operator.id, ip }, params.id, params.frozen, params.reason),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/players/endSessions',
    params: playerEndSessionsParams,
    response: endSessionsResult,
    permission: 'players.write',
    handler: ({ params, operator, ip }) => endPlayerSessions(ctx, { operatorId: operator.id, ip }, params.id, params.reason),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/players/adjustBalance',
    params: playerAdjustParams,
    response: orApprovalPending(playerAdjustResult),
    permission: 'balances.adjust',
    idempotent: true,
    handler: ({ params, operator, ip }) => adjustPlayerBalance(ctx, { operatorId: operator.id, ip }, params),
  });

  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/players/releaseWithdrawalHold',
    params: releaseWithdrawalHoldParams,
    response: releaseWithdrawalHoldResult,
    permission: 'players.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => releasePlayerWithdrawalHold(ctx, { operatorId: operator.id, ip }, params.id, params.reason),
  });

  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/withdrawals',
    params: withdrawalListParams,
    response: adminWithdrawalPage,
    permission: 'withdrawals.read',
    handler: ({ params }) => pageWithdrawals(ctx, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/withdrawals/approve',
    params: withdrawalIdParams,
    response: withdrawalActionResult,
    permission: 'withdrawals.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => approveWithdrawal(ctx, { operatorId: operator.id, ip }, params.id),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/withdrawals/retry',
    params: withdrawalIdParams,
    response: withdrawalActionResult,
    permission: 'withdrawals.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => retryWithdrawal(ctx, { operatorId: operator.id, ip }, params.id),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/withdrawals/fail',
    params: withdrawalFailParams,
    response: withdrawalActionResult,
    permission: 'withdrawals.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => failWithdrawal(ctx, { operatorId: operator.id, ip }, params.id, params.reason),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/withdrawals/complete',
    params: withdrawalCompleteParams,
    response: withdrawalActionResult,
    permission: 'withdrawals.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => completeWithdrawal(ctx, { operatorId: operator.id, ip }, params.id, params.tradeOfferId),
  });

  // Issue 24 §4: the risk-review queue's decisions, and the withdrawal guard's settings (decision 0045).
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/withdrawals/approveReview',
    params: withdrawalReviewParams,
    response: withdrawalActionResult,
    permission: 'withdrawals.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => approveWithdrawalReview(ctx, { operatorId: operator.id, ip }, params.id),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/withdrawals/rejectReview',
    params: withdrawalReviewRejectParams,
    response: withdrawalActionResult,
    permission: 'withdrawals.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => rejectWithdrawalReview(ctx, { operatorId: operator.id, ip }, params.id, params.reason),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/withdrawals/rules',
    params: emptyParams,
    response: withdrawalRulesSchema,
    permission: 'withdrawals.read',
    handler: () => withdrawalRules(db),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/withdrawals/rules',
    params: withdrawalRulesParams,
    response: withdrawalRulesSchema,
    permission: 'withdrawals.rules',
    handler: ({ params, operator, ip }) => saveWithdrawalRules(ctx, { operatorId: operator.id, ip }, params),
  });
}
