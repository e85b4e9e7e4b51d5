import type { FastifyInstance } from 'fastify';
import {
  claimEventTaskParams,
  claimEventTaskResultSchema,
  emptyParams,
  eventLeaderboardParams,
  eventLeaderboardSchema,
  eventListSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { claimTask, eventList, leaderboard } from './service.js';

const E = '/api/event';

export function eventRoutes(ctx: Pick<AppContext, 'db'>) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: `${E}/list`,
      params: emptyParams,
      response: eventListSchema,
      handler: ({ userId, lang }) => eventList(ctx.db, userId, lang),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${E}/claimTask`,
      idempotent: { db: ctx.db },
      auth: 'required',
      params: claimEventTaskParams,
      response: claimEventTaskResultSchema,
      handler: ({ userId, params, request }) => claimTask(ctx.db, userId, params.taskId, deviceIdOf(request)),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${E}/leaderboard`,
      params: eventLeaderboardParams,
      response: eventLeaderboardSchema,
      handler: ({ params }) => leaderboard(ctx.db, params.eventId),
    });
  };
}
