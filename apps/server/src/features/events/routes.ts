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
import { playerRouter } from '../../platform/http/routers.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { claimTask, eventList, leaderboard } from './service.js';

const E = '/api/event';

export function eventRoutes(ctx: Pick<AppContext, 'db'>) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    r.get(`${E}/list`, emptyParams, eventListSchema, ({ userId, lang }) => eventList(ctx.db, userId, lang));
    money.post(`${E}/claimTask`, claimEventTaskParams, claimEventTaskResultSchema, ({ userId, params, request }) =>
      claimTask(ctx.db, userId, params.taskId, deviceIdOf(request)),
    );
    r.get(`${E}/leaderboard`, eventLeaderboardParams, eventLeaderboardSchema, ({ params }) => leaderboard(ctx.db, params.eventId));
  };
}
