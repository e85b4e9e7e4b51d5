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
import { consoleRouter } from '../../../platform/http/routers.js';
import { operatorStockLines } from '../operator.js';
import { cancelGiveaway, createOfficialGiveaway, giveawayDetail, pageGiveaways } from './giveaways.js';

/** Screen 9 (games): the giveaways monitor, games.read to look, games.write to change. */
export function registerGiveawayConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const r = consoleRouter(app);
  const idempotent = consoleRouter(app, { idempotent: { db } });

  r.get('/api/admin/games/giveaways', adminGiveawayListParams, adminGiveawayPage, 'games.read', ({ params }) => pageGiveaways(ctx, params));
  r.get('/api/admin/games/giveaways/detail', adminGiveawayIdParams, adminGiveawayDetailSchema, 'games.read', ({ params }) =>
    giveawayDetail(ctx, params.id),
  );
  r.get('/api/admin/games/giveaways/stock', emptyParams, adminGiveawayStockList, 'games.read', () => operatorStockLines(db));
  idempotent.post(
    '/api/admin/games/giveaways/create',
    adminGiveawayCreateParams,
    orApprovalPending(adminGiveawayDetailSchema),
    'games.write',
    ({ params, actor }) => createOfficialGiveaway(ctx, actor, params),
  );
  idempotent.post(
    '/api/admin/games/giveaways/cancel',
    adminGiveawayCancelParams,
    adminGiveawayDetailSchema,
    'games.write',
    ({ params, actor }) => cancelGiveaway(ctx, actor, params.id, params.reason),
  );
}
