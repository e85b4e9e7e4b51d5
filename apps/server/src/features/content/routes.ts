import type { FastifyInstance } from 'fastify';
import {
  bannerSchema,
  customerServiceSchema,
  documentListParams,
  documentParams,
  documentSchema,
  documentSummarySchema,
  emptyParams,
  interfaceSchema,
  noticeParams,
  noticeSchema,
  pageSchema,
} from '@skinfair/contract';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { listInterfaces, type InterfaceRow } from '../../platform/http/api-docs.js';
import { apiRoute } from '../../platform/http/route.js';
import type { Config } from '../../config.js';
import { customerService } from './contact.js';
import { bannerList, documentByKey, documentList, noticeList, seedContent } from './service.js';

/**
 * Spec §7 common/documentList, notice, bannerList, customerService and listInterface, plus a document by key
 * (api-shapes §9 Document, Notice, Banner).
 */
export function contentRoutes(deps: { db: Db; support: Config['support'] }) {
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
      handler: ({ params, lang }) =>
        documentList(deps.db, lang, { category: params.category, keyword: params.keyword }, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/customerService',
      params: emptyParams,
      response: customerServiceSchema,
      handler: async ({ lang }) => customerService(deps.support, lang),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/notice',
      params: noticeParams,
      response: z.array(noticeSchema),
      handler: ({ params, lang }) => noticeList(deps.db, lang, params.topN),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/bannerList',
      params: emptyParams,
      response: z.array(bannerSchema),
      handler: ({ lang }) => bannerList(deps.db, lang),
    });
    // Read when first asked, once every route is registered; the list never changes after start.
    let interfaces: InterfaceRow[] | null = null;
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/listInterface',
      params: emptyParams,
      response: z.array(interfaceSchema),
      handler: async () => (interfaces ??= listInterfaces(app.apiRoutes)),
    });
  };
}
