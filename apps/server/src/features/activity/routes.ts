import type { FastifyInstance } from 'fastify';
import {
  activitySessionSchema,
  activitySummaryParams,
  activitySummarySchema,
  emptyParams,
  realityCheckParams,
  realityCheckSchema,
} from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { playerRouter } from '../../platform/http/routers.js';
import { activitySummary, getRealityCheck, playSession, setRealityCheck } from './service.js';

/** Play awareness (issue 18, decision 0043): reality checks and My activity. Kept apart from /api/protection/*. */
export function activityRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const signedIn = playerRouter(app, { auth: 'required' });
    signedIn.get('/api/activity/session', emptyParams, activitySessionSchema, ({ userId, sessionId }) =>
      playSession(deps.db, userId, sessionId, new Date()),
    );
    signedIn.get('/api/activity/realityCheck', emptyParams, realityCheckSchema, ({ userId }) => getRealityCheck(deps.db, userId));
    signedIn.post(
      '/api/activity/realityCheck',
      realityCheckParams,
      realityCheckSchema,
      ({ userId, params }) => setRealityCheck(deps.db, userId, params.intervalMinutes),
      { bodyLimit: 1024 },
    );
    signedIn.get('/api/activity/summary', activitySummaryParams, activitySummarySchema, ({ userId, params }) =>
      activitySummary(deps.db, userId, params, new Date()),
    );
  };
}
