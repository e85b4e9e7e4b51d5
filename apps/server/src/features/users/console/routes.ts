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
import { consoleRouter } from '../../../platform/http/routers.js';
import { endPlayerSessions, playerDetail, searchPlayers, setPlayerFrozen } from './players.js';
import { adjustPlayerBalance } from './adjust-balance.js';
import { releasePlayerWithdrawalHold } from './withdrawal-holds.js';

/** Screen 6 (players, /api/admin/players/*). */
export function registerUserConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const r = consoleRouter(app);
  const idempotent = consoleRouter(app, { idempotent: { db } });

  r.get('/api/admin/players', playerSearchParams, adminPlayerPage, 'players.read', ({ params }) => searchPlayers(ctx, params));
  r.get('/api/admin/players/detail', playerIdParams, adminPlayerDetail, 'players.read', ({ params }) => playerDetail(ctx, params.id));
  r.post('/api/admin/players/freeze', playerFreezeParams, adminPlayerSchema, 'players.write', ({ params, actor }) =>
    setPlayerFrozen(ctx, actor, params.id, params.frozen, params.reason),
  );
  r.post('/api/admin/players/endSessions', playerEndSessionsParams, endSessionsResult, 'players.write', ({ params, actor }) =>
    endPlayerSessions(ctx, actor, params.id, params.reason),
  );
  idempotent.post(
    '/api/admin/players/adjustBalance',
    playerAdjustParams,
    orApprovalPending(playerAdjustResult),
    'balances.adjust',
    ({ params, actor }) => adjustPlayerBalance(ctx, actor, params),
  );
  idempotent.post(
    '/api/admin/players/releaseWithdrawalHold',
    releaseWithdrawalHoldParams,
    releaseWithdrawalHoldResult,
    'players.write',
    ({ params, actor }) => releasePlayerWithdrawalHold(ctx, actor, params.id, params.reason),
  );
}
