import type { FastifyInstance } from 'fastify';
import {
  adminPlayerDetail,
  adminPlayerPage,
  adminPlayerSchema,
  adminWithdrawalPage,
  endSessionsResult,
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
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { adminRoute } from '../admin-route.js';
import { adjustPlayerBalance, endPlayerSessions, playerDetail, searchPlayers, setPlayerFrozen } from './players.js';
import { approveWithdrawal, completeWithdrawal, failWithdrawal, pageWithdrawals, retryWithdrawal } from './withdrawals.js';

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
    handler: ({ params, operator, ip }) =>
      setPlayerFrozen(ctx, { operatorId: operator.id, ip }, params.id, params.frozen, params.reason),
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
    response: playerAdjustResult,
    permission: 'balances.adjust',
    idempotent: true,
    handler: ({ params, operator, ip }) => adjustPlayerBalance(ctx, { operatorId: operator.id, ip }, params),
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
}
