import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  exchangeParams,
  exchangeResultSchema,
  ornamentPageParams,
  ornamentSchema,
  pageSchema,
  pagingParams,
  retrievalParams,
  retrievalSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { exchangeItems, ornamentPage, retrievalPage, retrieveItems, toRetrieval } from './service.js';

const P = '/api/personalCenter';

export function backpackRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    signedIn.get(`${P}/getMyOrnamentPage`, ornamentPageParams, pageSchema(ornamentSchema), ({ userId, params }) =>
      ornamentPage(ctx.db, userId, params),
    );
    money.post(
      `${P}/exchangeQuantity`,
      exchangeParams,
      exchangeResultSchema,
      ({ userId, params }) => exchangeItems(ctx, userId, params.ids),
      { exactResponse: true },
    );
    money.post(`${P}/ornamentRetrieval`, retrievalParams, z.array(retrievalSchema), async ({ userId, params }) =>
      (await retrieveItems(ctx, userId, params.ids)).map(({ r, inv, item }) => toRetrieval(r, inv, item)),
    );
    signedIn.get(`${P}/getMyRetrievalPage`, pagingParams, pageSchema(retrievalSchema), ({ userId, params }) =>
      retrievalPage(ctx.db, userId, params.page, params.pageSize),
    );
  };
}
