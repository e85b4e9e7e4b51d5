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
import { playerRouter } from '../../platform/http/routers.js';
import { battleThemeList, boxDetail, boxThemeList } from './service.js';
import { skinDetail, skinPage } from './skins.js';

/** The public catalogue (box lists and pages, skins): read from `reads` (a standby may answer, decisions/0059). */
export function catalogRoutes(deps: { reads: () => Db }) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    r.get('/api/common/getBoxThemeList', boxThemeListParams, z.array(boxThemeSchema), ({ params }) =>
      boxThemeList(deps.reads(), params.boxType, params.moduleId),
    );
    r.get('/api/common/getBoxBattleThemeList', battleThemeListParams, z.array(boxThemeSchema), ({ params }) =>
      battleThemeList(deps.reads(), params.moduleId, params.themeId),
    );
    r.get('/api/case/caseDetail', caseIdParams, boxDetailSchema, ({ params }) => boxDetail(deps.reads(), params.caseId));
    // Spec §2 /skin: not in the sibling's API (api-shapes §4); named after the page, paged like every list.
    r.get('/api/skin/page', skinPageParams, pageSchema(skinSchema), ({ params }) => skinPage(deps.reads(), params));
    r.get('/api/skin/detail', skinDetailParams, skinDetailSchema, ({ params }) => skinDetail(deps.reads(), params.itemId));
  };
}
