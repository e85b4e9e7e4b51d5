import type { FastifyInstance } from 'fastify';
import {
  adminBattleCancelParams,
  adminBattleDetailSchema,
  adminBattleIdParams,
  adminBattleListParams,
  adminBattlePage,
  adminBotList,
  adminBotUpdateParams,
  emptyParams,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { battleDetail, cancelBattle, listBots, pageBattles, updateBot } from './battles.js';

/** Screen 9 (games): the battles monitor and the bots, games.read to look, games.write to change. */
export function registerBattleConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const r = consoleRouter(app);

  r.get('/api/admin/games/battles', adminBattleListParams, adminBattlePage, 'games.read', ({ params }) => pageBattles(ctx, params));
  r.get('/api/admin/games/battles/detail', adminBattleIdParams, adminBattleDetailSchema, 'games.read', ({ params }) =>
    battleDetail(ctx, params.id),
  );
  r.post(
    '/api/admin/games/battles/cancel',
    adminBattleCancelParams,
    adminBattleDetailSchema,
    'games.write',
    ({ params, actor }) => cancelBattle(ctx, actor, params.id, params.reason),
    { idempotent: { db } },
  );
  r.get('/api/admin/games/bots', emptyParams, adminBotList, 'games.read', () => listBots(ctx));
  r.post('/api/admin/games/bots/update', adminBotUpdateParams, adminBotList, 'games.write', ({ params, actor }) =>
    updateBot(ctx, actor, params),
  );
}
