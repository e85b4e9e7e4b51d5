import type { FastifyInstance } from 'fastify';
import { clientSeedHistorySchema, currentSeedsSchema, emptyParams, pageSchema, pagingParams, resetSeedParams, revealedSeedSchema, rollRecordSchema, verifyIdParams } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { apiRoute } from '../../platform/http/route.js';
import { clientSeedHistory, currentKey, keyHistory, resetSeeds, rollRecord } from './service.js';

export function fairnessRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, { method: 'GET', url: '/api/key/currentKey', auth: 'required', params: emptyParams, response: currentSeedsSchema, handler: ({ userId }) => currentKey(deps.db, userId) });
    apiRoute(app, { method: 'POST', url: '/api/key/reset', auth: 'required', params: resetSeedParams, response: currentSeedsSchema, handler: ({ userId, params }) => resetSeeds(deps.db, userId, params.clientSeed) });
    apiRoute(app, { method: 'GET', url: '/api/key/keyHistory', auth: 'required', params: pagingParams, response: pageSchema(revealedSeedSchema), handler: ({ userId, params }) => keyHistory(deps.db, userId, params.page, params.pageSize) });
    apiRoute(app, { method: 'GET', url: '/api/key/clientSeedHistory', auth: 'required', params: pagingParams, response: pageSchema(clientSeedHistorySchema), handler: ({ userId, params }) => clientSeedHistory(deps.db, userId, params.page, params.pageSize) });
    apiRoute(app, { method: 'GET', url: '/api/key/verifyById', params: verifyIdParams, response: rollRecordSchema, handler: ({ params }) => rollRecord(deps.db, params.verifyId) });
  };
}
