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
import { apiRoute } from '../../../platform/http/route.js';
import { operatorStockLines } from '../operator.js';
import { cancelGiveaway, createOfficialGiveaway, giveawayDetail, pageGiveaways } from './giveaways.js';

/** Screen 9 (games): the giveaways monitor, games.read to look, games.write to change. */
export function registerGiveawayConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const actorOf = (operatorId: number, ip: string) => ({ operatorId, ip });

  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/games/giveaways',
    params: adminGiveawayListParams,
    response: adminGiveawayPage,
    operator: { permission: 'games.read' },
    handler: ({ params }) => pageGiveaways(ctx, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/games/giveaways/detail',
    params: adminGiveawayIdParams,
    response: adminGiveawayDetailSchema,
    operator: { permission: 'games.read' },
    handler: ({ params }) => giveawayDetail(ctx, params.id),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/games/giveaways/stock',
    params: emptyParams,
    response: adminGiveawayStockList,
    operator: { permission: 'games.read' },
    handler: () => operatorStockLines(db),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/games/giveaways/create',
    params: adminGiveawayCreateParams,
    response: orApprovalPending(adminGiveawayDetailSchema),
    operator: { permission: 'games.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => createOfficialGiveaway(ctx, actorOf(operator.id, ip), params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/games/giveaways/cancel',
    params: adminGiveawayCancelParams,
    response: adminGiveawayDetailSchema,
    operator: { permission: 'games.write' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => cancelGiveaway(ctx, actorOf(operator.id, ip), params.id, params.reason),
  });
}
