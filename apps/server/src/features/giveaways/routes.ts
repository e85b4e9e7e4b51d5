import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createGiveawayParams,
  emptyParams,
  giveawayEntrySchema,
  giveawayIdParams,
  giveawayJoinParams,
  giveawayPageParams,
  giveawayPrizeSchema,
  giveawayRoomSchema,
  giveawayWinnerSchema,
  pageSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { joinGiveaway } from './join.js';
import { cancelGiveaway, createGiveaway } from './rooms.js';
import { entryList, giveawayView, hostGiveaways, pageOfGiveaways, prizeList, winnerList } from './views.js';

/** /api/giveaway/* (api-shapes §4.7). Reads are public; a session adds joinFlag (and eligibility in detail). */
export function giveawayRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    r.get('/api/giveaway/page', giveawayPageParams, pageSchema(giveawayRoomSchema), ({ userId, params }) =>
      pageOfGiveaways(ctx.db, userId, params),
    );
    r.get('/api/giveaway/listHostGiveaway', emptyParams, z.array(giveawayRoomSchema), ({ userId }) => hostGiveaways(ctx.db, userId));
    r.get('/api/giveaway/detail', giveawayIdParams, giveawayRoomSchema, ({ userId, params }) =>
      giveawayView(ctx.db, params.giveawayId, userId),
    );
    r.get('/api/giveaway/giftList', giveawayIdParams, z.array(giveawayPrizeSchema), ({ params }) => prizeList(ctx.db, params.giveawayId));
    r.get('/api/giveaway/partakeList', giveawayIdParams, z.array(giveawayEntrySchema), ({ userId, params }) =>
      entryList(ctx.db, params.giveawayId, userId),
    );
    r.get('/api/giveaway/winnerList', giveawayIdParams, z.array(giveawayWinnerSchema), ({ params }) =>
      winnerList(ctx.db, params.giveawayId),
    );
    money.post('/api/giveaway/partake', giveawayJoinParams, z.boolean(), ({ userId, params, request }) =>
      joinGiveaway(ctx, userId, params.giveawayId, params.pwd, deviceIdOf(request)),
    );
    money.post('/api/giveaway/create', createGiveawayParams, giveawayRoomSchema, ({ userId, params }) =>
      createGiveaway(ctx, userId, params),
    );
    money.post('/api/giveaway/cancel', giveawayIdParams, giveawayRoomSchema, ({ userId, params }) =>
      cancelGiveaway(ctx, userId, params.giveawayId),
    );
  };
}
