import type { FastifyInstance } from 'fastify';
import {
  adminGiveawayCancelParams,
  adminGiveawayCreateParams,
  adminGiveawayDetailSchema,
  adminGiveawayIdParams,
  adminGiveawayListParams,
  adminGiveawayPage,
  adminGiveawayStockList,
  emptyParams,
  orApprovalPending,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { adminRoute } from '../../admin/index.js';
import { operatorStockLines } from '../operator.js';
import { cancelGiveaway, createOfficialGiveaway, giveawayDetail, pageGiveaways } from './giveaways.js';

/** Screen 9 (games): the giveaways monitor, games.read to look, games.write to change. */
export function registerGiveawayConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const actorOf = (operatorId: number, ip: string) => ({ operatorId, ip });

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
}
