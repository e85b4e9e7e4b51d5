import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buyVirtualParams, emptyParams, equipVirtualParams, virtualGoodSchema } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { buyVirtual, equipVirtual, myVirtual, virtualCatalogue } from './service.js';

const P = '/api/personalCenter';

export function virtualGoodsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/common/virtualGoods',
      params: emptyParams,
      response: z.array(virtualGoodSchema),
      handler: ({ userId }) => virtualCatalogue(ctx.db, userId),
    });
    // spec §7 lists buyVirtual under GET; POST is accepted too. The token header (not a cookie) carries
    // the login, so a link cannot make a browser buy on its own.
    apiRoute(app, {
      method: ['GET', 'POST'],
      url: `${P}/buyVirtual`,
      auth: 'required',
      idempotent: { db: ctx.db },
      params: buyVirtualParams,
      response: virtualGoodSchema,
      handler: ({ userId, params }) => buyVirtual(ctx.db, userId, params.id),
    });
    apiRoute(app, {
      method: 'POST',
      url: `${P}/equipVirtual`,
      auth: 'required',
      params: equipVirtualParams,
      response: virtualGoodSchema,
      handler: ({ userId, params }) => equipVirtual(ctx.db, userId, params.id, params.equip),
    });
    apiRoute(app, {
      method: 'GET',
      url: `${P}/myVirtual`,
      auth: 'required',
      params: emptyParams,
      response: z.array(virtualGoodSchema),
      handler: ({ userId }) => myVirtual(ctx.db, userId),
    });
  };
}
