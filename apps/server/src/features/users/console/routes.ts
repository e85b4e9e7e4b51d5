import type { FastifyInstance } from 'fastify';
import {
  adminPlayerDetail,
  adminPlayerPage,
  adminPlayerSchema,
  endSessionsResult,
  orApprovalPending,
  playerAdjustParams,
  playerAdjustResult,
  playerEndSessionsParams,
  playerFreezeParams,
  playerIdParams,
  playerSearchParams,
  releaseWithdrawalHoldParams,
  releaseWithdrawalHoldResult,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { endPlayerSessions, playerDetail, searchPlayers, setPlayerFrozen } from './players.js';
import { adjustPlayerBalance } from './adjust-balance.js';
import { releasePlayerWithdrawalHold } from './withdrawal-holds.js';

/** Screen 6 (players, /api/admin/players/*). */
export function registerUserConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/players',
    params: playerSearchParams,
    response: adminPlayerPage,
    operator: { permission: 'players.read' },
    handler: ({ params }) => searchPlayers(ctx, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/players/detail',
    params: playerIdParams,
    response: adminPlayerDetail,
    operator: { permission: 'players.read' },
    handler: ({ params }) => playerDetail(ctx, params.id),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/players/freeze',
    params: playerFreezeParams,
    response: adminPlayerSchema,
    operator: { permission: 'players.write' },
    handler: ({ params, operator, ip }) => setPlayerFrozen(ctx, { operatorId: operator.id, ip }, params.id, params.frozen, params.reason),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/players/endSessions',
    params: playerEndSessionsParams,
    response: endSessionsResult,
    operator: { permission: 'players.write' },
    handler: ({ params, operator, ip }) => endPlayerSessions(ctx, { operatorId: operator.id, ip }, params.id, params.reason),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/players/adjustBalance',
    params: playerAdjustParams,
    response: orApprovalPending(playerAdjustResult),
    operator: { permission: 'balances.adjust' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => adjustPlayerBalance(ctx, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/players/releaseWithdrawalHold',
    params: releaseWithdrawalHoldParams,
    response: releaseWithdrawalHoldResult,
    operator: { permission: 'players.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => releasePlayerWithdrawalHold(ctx, { operatorId: operator.id, ip }, params.id, params.reason),
  });
}
