import type { FastifyInstance } from 'fastify';
import {
  clientSeedHistorySchema,
  currentSeedsSchema,
  emptyParams,
  gameRecordSchema,
  pageSchema,
  pagingParams,
  resetSeedParams,
  revealedSeedSchema,
  rollRecordSchema,
  setClientSeedParams,
  shareIdParams,
  verifyIdParams,
} from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { apiRoute } from '../../platform/http/route.js';
import { clientSeedHistory, currentKey, gameRecords, keyHistory, resetSeeds, rollRecord, setClientSeed } from './service.js';

export function fairnessRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/key/currentKey',
      auth: 'required',
      params: emptyParams,
      response: currentSeedsSchema,
      handler: ({ userId }) => currentKey(deps.db, userId),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/key/reset',
      auth: 'required',
      params: resetSeedParams,
      response: currentSeedsSchema,
      handler: ({ userId, params }) => resetSeeds(deps.db, userId, params.clientSeed),
    });
    // Fills a missing client seed only (issue 24 §13); changing one is a rotation (/api/key/reset).
    apiRoute(app, {
      method: 'POST',
      url: '/api/key/clientSeed',
      auth: 'required',
      params: setClientSeedParams,
      response: currentSeedsSchema,
      handler: ({ userId, params }) => setClientSeed(deps.db, userId, params.clientSeed),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/key/keyHistory',
      auth: 'required',
      params: pagingParams,
      response: pageSchema(revealedSeedSchema),
      handler: ({ userId, params }) => keyHistory(deps.db, userId, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/key/clientSeedHistory',
      auth: 'required',
      params: pagingParams,
      response: pageSchema(clientSeedHistorySchema),
      handler: ({ userId, params }) => clientSeedHistory(deps.db, userId, params.page, params.pageSize),
    });
    // The sequential id answers its owner only; anyone else (guests included) gets NOT_FOUND, as for a missing id.
    apiRoute(app, {
      method: 'GET',
      url: '/api/key/verifyById',
      params: verifyIdParams,
      response: rollRecordSchema,
      handler: ({ userId, params }) => rollRecord(deps.db, { verifyId: params.verifyId }, userId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/key/verifyByShareId',
      params: shareIdParams,
      response: rollRecordSchema,
      handler: ({ userId, params }) => rollRecord(deps.db, { shareId: params.shareId }, userId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/key/gameRecords',
      auth: 'required',
      params: pagingParams,
      response: pageSchema(gameRecordSchema),
      handler: ({ userId, params }) => gameRecords(deps.db, userId, params.page, params.pageSize),
    });
  };
}
