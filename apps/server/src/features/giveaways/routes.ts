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
import { apiRoute } from '../../platform/http/route.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { joinGiveaway } from './join.js';
import { cancelGiveaway, createGiveaway } from './rooms.js';
import { entryList, giveawayView, hostGiveaways, pageOfGiveaways, prizeList, winnerList } from './views.js';

/** /api/giveaway/* (api-shapes §4.7). Reads are public; a session adds joinFlag (and eligibility in detail). */
export function giveawayRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/giveaway/page',
      params: giveawayPageParams,
      response: pageSchema(giveawayRoomSchema),
      handler: ({ userId, params }) => pageOfGiveaways(ctx.db, userId, params),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/giveaway/listHostGiveaway',
      params: emptyParams,
      response: z.array(giveawayRoomSchema),
      handler: ({ userId }) => hostGiveaways(ctx.db, userId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/giveaway/detail',
      params: giveawayIdParams,
      response: giveawayRoomSchema,
      handler: ({ userId, params }) => giveawayView(ctx.db, params.giveawayId, userId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/giveaway/giftList',
      params: giveawayIdParams,
      response: z.array(giveawayPrizeSchema),
      handler: ({ params }) => prizeList(ctx.db, params.giveawayId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/giveaway/partakeList',
      params: giveawayIdParams,
      response: z.array(giveawayEntrySchema),
      handler: ({ userId, params }) => entryList(ctx.db, params.giveawayId, userId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/giveaway/winnerList',
      params: giveawayIdParams,
      response: z.array(giveawayWinnerSchema),
      handler: ({ params }) => winnerList(ctx.db, params.giveawayId),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/giveaway/partake',
      idempotent: { db: ctx.db },
      auth: 'required',
      params: giveawayJoinParams,
      response: z.boolean(),
      handler: ({ userId, params, request }) => joinGiveaway(ctx, userId, params.giveawayId, params.pwd, deviceIdOf(request)),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/giveaway/create',
      idempotent: { db: ctx.db },
      auth: 'required',
      params: createGiveawayParams,
      response: giveawayRoomSchema,
      handler: ({ userId, params }) => createGiveaway(ctx, userId, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/giveaway/cancel',
      idempotent: { db: ctx.db },
      auth: 'required',
      params: giveawayIdParams,
      response: giveawayRoomSchema,
      handler: ({ userId, params }) => cancelGiveaway(ctx, userId, params.giveawayId),
    });
  };
}
