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
import { apiRoute } from '../../platform/http/route.js';
import { exchangeItems, ornamentPage, retrievalPage, retrieveItems, toRetrieval } from './service.js';

const P = '/api/personalCenter';

export function backpackRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: `${P}/getMyOrnamentPage`,
      auth: 'required',
      params: ornamentPageParams,
      response: pageSchema(ornamentSchema),
      handler: ({ userId, params }) => ornamentPage(ctx.db, userId, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/exchangeQuantity`,
      idempotent: { db: ctx.db },
      exactResponse: true,
      auth: 'required',
      params: exchangeParams,
      response: exchangeResultSchema,
      handler: ({ userId, params }) => exchangeItems(ctx, userId, params.ids),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/ornamentRetrieval`,
      idempotent: { db: ctx.db },
      auth: 'required',
      params: retrievalParams,
      response: z.array(retrievalSchema),
      handler: async ({ userId, params }) =>
        (await retrieveItems(ctx, userId, params.ids)).map(({ r, inv, item }) => toRetrieval(r, inv, item)),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${P}/getMyRetrievalPage`,
      auth: 'required',
      params: pagingParams,
      response: pageSchema(retrievalSchema),
      handler: ({ userId, params }) => retrievalPage(ctx.db, userId, params.page, params.pageSize),
    });
  };
}
