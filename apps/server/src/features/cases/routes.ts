import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dropItemSchema,
  freeBoxSchema,
  openCaseParams,
  openCaseResultSchema,
  openFreeBoxParams,
  openRecordSchema,
  pageSchema,
  pagingParams,
  recentCaseGiftParams,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { deviceIdOf } from '../../platform/http/device-id.js';
import { lastBoxDrops } from '../stats/index.js';
import { openRecords } from '../fairness/index.js';
import { openBox } from './open-box.js';
import { freeBoxPage, grantBoxOf } from './free-boxes.js';

export function caseRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    money.post(
      '/api/case/openCase',
      openCaseParams,
      openCaseResultSchema,
      ({ userId, params }) => openBox(ctx, { userId, boxId: params.caseId, count: params.number, couponId: params.couponId }),
      { exactResponse: true },
    );
    // A box page's drop feed: public and read-heavy, a standby may answer (decisions/0059).
    r.get('/api/case/recentCaseGift', recentCaseGiftParams, z.array(dropItemSchema), ({ params }) =>
      lastBoxDrops(ctx.reads(), params.caseId, params.limit, params.isTop),
    );
    signedIn.get('/api/personalCenter/getMyFreeBoxPage', pagingParams, pageSchema(freeBoxSchema), ({ userId, params }) =>
      freeBoxPage(ctx.db, userId, params.page, params.pageSize),
    );
    money.getOrPost('/api/personalCenter/openFreeBox', openFreeBoxParams, openCaseResultSchema, async ({ userId, params, request }) =>
      openBox(ctx, {
        userId,
        boxId: await grantBoxOf(ctx.db, userId, params.id),
        count: 1,
        freeGrantId: params.id,
        deviceId: deviceIdOf(request),
      }),
    );
    signedIn.get('/api/personalCenter/getMyOpenBoxPage', pagingParams, pageSchema(openRecordSchema), ({ userId, params }) =>
      openRecords(ctx.db, userId, params.page, params.pageSize),
    );
  };
}
