import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  battleThemeListParams,
  boxDetailSchema,
  boxThemeListParams,
  boxThemeSchema,
  caseIdParams,
  pageSchema,
  skinDetailParams,
  skinDetailSchema,
  skinPageParams,
  skinSchema,
} from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { apiRoute } from '../../platform/http/route.js';
import { battleThemeList, boxDetail, boxThemeList } from './service.js';
import { skinDetail, skinPage } from './skins.js';

export function catalogRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/getBoxThemeList',
      params: boxThemeListParams,
      response: z.array(boxThemeSchema),
      handler: ({ params }) => boxThemeList(deps.db, params.boxType),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/getBoxBattleThemeList',
      params: battleThemeListParams,
      response: z.array(boxThemeSchema),
      handler: ({ params }) => battleThemeList(deps.db, params.themeId),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/case/caseDetail',
      params: caseIdParams,
      response: boxDetailSchema,
      handler: ({ params }) => boxDetail(deps.db, params.caseId),
    });
    // Spec §2 /skin: not in the sibling's API (api-shapes §4); named after the page, paged like every list.
    apiRoute(app, {
      method: 'GET',
      url: '/api/skin/page',
      params: skinPageParams,
      response: pageSchema(skinSchema),
      handler: ({ params }) => skinPage(deps.db, params),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/skin/detail',
      params: skinDetailParams,
      response: skinDetailSchema,
      handler: ({ params }) => skinDetail(deps.db, params.itemId),
    });
  };
}
