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
import { apiRoute } from '../../../platform/http/route.js';
import { battleDetail, cancelBattle, listBots, pageBattles, updateBot } from './battles.js';

/** Screen 9 (games): the battles monitor and the bots, games.read to look, games.write to change. */
export function registerBattleConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const actorOf = (operatorId: number, ip: string) => ({ operatorId, ip });

  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/games/battles',
    params: adminBattleListParams,
    response: adminBattlePage,
    operator: { permission: 'games.read' },
    handler: ({ params }) => pageBattles(ctx, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/games/battles/detail',
    params: adminBattleIdParams,
    response: adminBattleDetailSchema,
    operator: { permission: 'games.read' },
    handler: ({ params }) => battleDetail(ctx, params.id),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/games/battles/cancel',
    params: adminBattleCancelParams,
    response: adminBattleDetailSchema,
    operator: { permission: 'games.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => cancelBattle(ctx, actorOf(operator.id, ip), params.id, params.reason),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/games/bots',
    params: emptyParams,
    response: adminBotList,
    operator: { permission: 'games.read' },
    handler: () => listBots(ctx),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/games/bots/update',
    params: adminBotUpdateParams,
    response: adminBotList,
    operator: { permission: 'games.write' },
    handler: ({ params, operator, ip }) => updateBot(ctx, actorOf(operator.id, ip), params),
  });
}
