import type { FastifyInstance } from 'fastify';
import { adminShopAddParams, adminShopListParams, adminShopPage, adminShopStockSchema, adminShopUpdateParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { addShop, pageShop, updateShop } from './shop-lines.js';

/** /api/admin/items/shop*: the shop's lines on the Items and prices screen (issue 16 screen 4; docs/OPERATIONS.md). */
export function registerShopConsoleRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  const { db } = ctx;
  const r = consoleRouter(app);
  r.get('/api/admin/items/shop', adminShopListParams, adminShopPage, 'items.read', ({ params }) => pageShop(db, params));
  r.post('/api/admin/items/shop/update', adminShopUpdateParams, adminShopStockSchema, 'items.write', ({ params, actor }) =>
    updateShop(db, actor, params),
  );
  r.post('/api/admin/items/shop/add', adminShopAddParams, adminShopStockSchema, 'items.write', ({ params, actor }) =>
    addShop(db, actor, params),
  );
}
