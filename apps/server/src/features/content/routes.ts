import type { FastifyInstance } from 'fastify';
import { customerServiceSchema, documentListParams, documentParams, documentSchema, documentSummarySchema, emptyParams, pageSchema } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { apiRoute } from '../../platform/http/route.js';
import { customerService } from './contact.js';
import { documentByKey, documentList, seedContent } from './service.js';

/** Spec §7 common/documentList and common/customerService, plus a document by key (api-shapes §9 Document). */
export function contentRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    await seedContent(deps.db);
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/document',
      params: documentParams,
      response: documentSchema,
      handler: ({ params, lang }) => documentByKey(deps.db, params.key, lang),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/documentList',
      params: documentListParams,
      response: pageSchema(documentSummarySchema),
      handler: ({ params, lang }) => documentList(deps.db, lang, params.category, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/customerService',
      params: emptyParams,
      response: customerServiceSchema,
      handler: async ({ lang }) => customerService(lang),
    });
  };
}
