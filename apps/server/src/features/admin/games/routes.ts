import type { FastifyInstance } from 'fastify';
import {
  adminBattleCancelParams,
  adminBattleDetailSchema,
  adminBattleIdParams,
  adminBattleListParams,
  adminBattlePage,
  adminBotList,
  adminBotUpdateParams,
  adminDreamSettingsSchema,
  adminGiveawayCancelParams,
  adminGiveawayCreateParams,
  adminGiveawayDetailSchema,
  orApprovalPending,
  adminGiveawayIdParams,
  adminGiveawayListParams,
  adminGiveawayPage,
  adminGiveawayStockList,
  dreamSettingsSchema,
  emptyParams,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { operatorStockLines } from '../../giveaways/index.js';
import { adminRoute } from '../admin-route.js';
import {
  battleDetail,
  cancelBattle,
  cancelGiveaway,
  createOfficialGiveaway,
  dreamSettings,
  giveawayDetail,
  listBots,
  pageBattles,
  pageGiveaways,
  setDreamSettings,
  updateBot,
} from './games.js';

/** Screen 9 (games, /api/admin/games/*): games.read to look, games.write to change. */
export function gamesAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
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
    url: '/api/admin/games/giveaways',
    params: adminGiveawayListParams,
    response: adminGiveawayPage,
    permission: 'games.read',
    handler: ({ params }) => pageGiveaways(ctx, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/games/giveaways/detail',
    params: adminGiveawayIdParams,
    response: adminGiveawayDetailSchema,
    permission: 'games.read',
    handler: ({ params }) => giveawayDetail(ctx, params.id),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/games/giveaways/stock',
    params: emptyParams,
    response: adminGiveawayStockList,
    permission: 'games.read',
    handler: () => operatorStockLines(db),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/games/giveaways/create',
    params: adminGiveawayCreateParams,
    response: orApprovalPending(adminGiveawayDetailSchema),
    permission: 'games.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => createOfficialGiveaway(ctx, actorOf(operator.id, ip), params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/games/giveaways/cancel',
    params: adminGiveawayCancelParams,
    response: adminGiveawayDetailSchema,
    permission: 'games.write',
    idempotent: true,
    handler: ({ params, operator, ip }) => cancelGiveaway(ctx, actorOf(operator.id, ip), params.id, params.reason),
  });

  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/games/dream',
    params: emptyParams,
    response: adminDreamSettingsSchema,
    permission: 'games.read',
    handler: () => dreamSettings(ctx),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/games/dream',
    params: dreamSettingsSchema,
    response: adminDreamSettingsSchema,
    permission: 'games.write',
    handler: ({ params, operator, ip }) => setDreamSettings(ctx, actorOf(operator.id, ip), params),
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
