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
import { playerRouter } from '../../platform/http/routers.js';
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
    const r = playerRouter(app);
    r.get('/api/common/document', documentParams, documentSchema, ({ params, lang }) => documentByKey(deps.db, params.key, lang));
    r.get('/api/common/documentList', documentListParams, pageSchema(documentSummarySchema), ({ params, lang }) =>
      documentList(deps.db, lang, { category: params.category, keyword: params.keyword }, params.page, params.pageSize),
    );
    r.get('/api/common/customerService', emptyParams, customerServiceSchema, ({ lang }) => customerService(deps.db, deps.support, lang));
    r.get('/api/common/notice', noticeParams, z.array(noticeSchema), ({ params, lang }) => noticeList(deps.db, lang, params.topN));
    r.get('/api/common/bannerList', emptyParams, z.array(bannerSchema), ({ lang }) => bannerList(deps.db, lang));
    // Read when first asked, once every route is registered; the list never changes after start.
    let interfaces: InterfaceRow[] | null = null;
    r.get('/api/common/listInterface', emptyParams, z.array(interfaceSchema), async () => (interfaces ??= listInterfaces(app.apiRoutes)));
  };
}
