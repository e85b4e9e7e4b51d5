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
import { apiRoute } from '../../platform/http/route.js';
import { activitySummary, getRealityCheck, playSession, setRealityCheck } from './service.js';

/** Play awareness (issue 18, decision 0043): reality checks and My activity. Kept apart from /api/protection/*. */
export function activityRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/activity/session',
      auth: 'required',
      params: emptyParams,
      response: activitySessionSchema,
      handler: ({ userId, sessionId }) => playSession(deps.db, userId, sessionId, new Date()),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/activity/realityCheck',
      auth: 'required',
      params: emptyParams,
      response: realityCheckSchema,
      handler: ({ userId }) => getRealityCheck(deps.db, userId),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/activity/realityCheck',
      auth: 'required',
      params: realityCheckParams,
      response: realityCheckSchema,
      bodyLimit: 1024,
      handler: ({ userId, params }) => setRealityCheck(deps.db, userId, params.intervalMinutes),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/activity/summary',
      auth: 'required',
      params: activitySummaryParams,
      response: activitySummarySchema,
      handler: ({ userId, params }) => activitySummary(deps.db, userId, params, new Date()),
    });
  };
}
