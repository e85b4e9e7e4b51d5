import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { battleThemeListParams, boxDetailSchema, boxThemeListParams, boxThemeSchema, caseIdParams } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { apiRoute } from '../../platform/http/route.js';
import { battleThemeList, boxDetail, boxThemeList } from './service.js';

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
  };
}
