import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buyVirtualParams, emptyParams, equipVirtualParams, virtualGoodSchema } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { playerRouter } from '../../platform/http/routers.js';
import { buyVirtual, equipVirtual, myVirtual, virtualCatalogue } from './service.js';

const P = '/api/personalCenter';

export function virtualGoodsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = playerRouter(app);
    const signedIn = playerRouter(app, { auth: 'required' });
    const money = playerRouter(app, { auth: 'required', idempotent: { db: ctx.db } });
    r.get('/api/common/virtualGoods', emptyParams, z.array(virtualGoodSchema), ({ userId }) => virtualCatalogue(ctx.db, userId));
    // spec §7 lists buyVirtual under GET; POST is accepted too. The token header (not a cookie) carries
    // the login, so a link cannot make a browser buy on its own.
    money.getOrPost(`${P}/buyVirtual`, buyVirtualParams, virtualGoodSchema, ({ userId, params }) => buyVirtual(ctx.db, userId, params.id));
    signedIn.post(`${P}/equipVirtual`, equipVirtualParams, virtualGoodSchema, ({ userId, params }) =>
      equipVirtual(ctx.db, userId, params.id, params.equip),
    );
    signedIn.get(`${P}/myVirtual`, emptyParams, z.array(virtualGoodSchema), ({ userId }) => myVirtual(ctx.db, userId));
  };
}
