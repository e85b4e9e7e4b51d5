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
import { adminRoute } from '../../admin/index.js';
import { battleDetail, cancelBattle, listBots, pageBattles, updateBot } from './battles.js';

/** Screen 9 (games): the battles monitor and the bots, games.read to look, games.write to change. */
export function registerBattleConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const actorOf = (operatorId: number, ip: string) => ({ operatorId, ip });

  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/games/battles',
    params: adminBattleListParams,
    response: adminBattlePage,
    permission: 'games.read',
    handler: ({ params }) => pageBattles(ctx, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/games/battles/detail',
    params: adminBattleIdParams,
    response: adminBattleDetailSchema,
    permission: 'games.read',
    handler: ({ params }) => battleDetail(ctx, params.id),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/games/battles/cancel',
    params: adminBattleCancelParams,
    response: adminBattleDetailSchema,
    permission: 'games.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => cancelBattle(ctx, actorOf(operator.id, ip), params.id, params.reason),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/games/bots',
    params: emptyParams,
    response: adminBotList,
    permission: 'games.read',
    handler: () => listBots(ctx),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/games/bots/update',
    params: adminBotUpdateParams,
    response: adminBotList,
    permission: 'games.write',
    handler: ({ params, operator, ip }) => updateBot(ctx, actorOf(operator.id, ip), params),
  });
}
