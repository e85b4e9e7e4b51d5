import type { FastifyInstance } from 'fastify';
import { adminShopAddParams, adminShopListParams, adminShopPage, adminShopStockSchema, adminShopUpdateParams } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { addShop, pageShop, updateShop } from './shop-lines.js';

/** /api/admin/items/shop*: the shop's lines on the Items and prices screen (issue 16 screen 4; docs/OPERATIONS.md). */
export function registerShopConsoleRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  const { db } = ctx;
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/items/shop',
    params: adminShopListParams,
    response: adminShopPage,
    operator: { permission: 'items.read' },
    handler: ({ params }) => pageShop(db, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/items/shop/update',
    params: adminShopUpdateParams,
    response: adminShopStockSchema,
    operator: { permission: 'items.write' },
    handler: ({ params, operator, ip }) => updateShop(db, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/items/shop/add',
    params: adminShopAddParams,
    response: adminShopStockSchema,
    operator: { permission: 'items.write' },
    handler: ({ params, operator, ip }) => addShop(db, { operatorId: operator.id, ip }, params),
  });
}
