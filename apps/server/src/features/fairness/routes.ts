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
import { playerRouter } from '../../platform/http/routers.js';
import { clientSeedHistory, currentKey, gameRecords, keyHistory, resetSeeds, rollRecord, setClientSeed } from './service.js';

export function fairnessRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    signedIn.get('/api/key/currentKey', emptyParams, currentSeedsSchema, ({ userId }) => currentKey(deps.db, userId));
    signedIn.post('/api/key/reset', resetSeedParams, currentSeedsSchema, ({ userId, params }) =>
      resetSeeds(deps.db, userId, params.clientSeed),
    );
    // Fills a missing client seed only (issue 24 §13); changing one is a rotation (/api/key/reset).
    signedIn.post('/api/key/clientSeed', setClientSeedParams, currentSeedsSchema, ({ userId, params }) =>
      setClientSeed(deps.db, userId, params.clientSeed),
    );
    signedIn.get('/api/key/keyHistory', pagingParams, pageSchema(revealedSeedSchema), ({ userId, params }) =>
      keyHistory(deps.db, userId, params.page, params.pageSize),
    );
    signedIn.get('/api/key/clientSeedHistory', pagingParams, pageSchema(clientSeedHistorySchema), ({ userId, params }) =>
      clientSeedHistory(deps.db, userId, params.page, params.pageSize),
    );
    // The sequential id answers its owner only; anyone else (guests included) gets NOT_FOUND, as for a missing id.
    r.get('/api/key/verifyById', verifyIdParams, rollRecordSchema, ({ userId, params }) =>
      rollRecord(deps.db, { verifyId: params.verifyId }, userId),
    );
    r.get('/api/key/verifyByShareId', shareIdParams, rollRecordSchema, ({ userId, params }) =>
      rollRecord(deps.db, { shareId: params.shareId }, userId),
    );
    signedIn.get('/api/key/gameRecords', pagingParams, pageSchema(gameRecordSchema), ({ userId, params }) =>
      gameRecords(deps.db, userId, params.page, params.pageSize),
    );
  };
}
