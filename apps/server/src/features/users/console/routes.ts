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
import { adminRoute } from '../../admin/index.js';
import { endPlayerSessions, playerDetail, searchPlayers, setPlayerFrozen } from './players.js';
import { adjustPlayerBalance } from './adjust-balance.js';
import { releasePlayerWithdrawalHold } from './withdrawal-holds.js';

/** Screen 6 (players, /api/admin/players/*). */
export function registerUserConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
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
}
