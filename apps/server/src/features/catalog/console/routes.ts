import type { FastifyInstance } from 'fastify';
import {
  ITEM_IMPORT_MAX_BYTES,
  adminCatalogDetailSchema,
  adminCatalogIdParams,
  adminCatalogListParams,
  adminCatalogPage,
  adminItemImportApplyParams,
  adminItemImportPreviewParams,
  adminItemPriceEffectParams,
  adminItemPriceParams,
  adminRecoveryRuleParams,
  emptyParams,
  itemImportApplySchema,
  itemImportPreviewSchema,
  itemPriceEffectSchema,
  recoveryRuleSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { catalogDetail, importApply, importPreview, pageCatalog, recoveryRule, setRecoveryRule } from './service.js';
import { priceEffect, setItemPrice } from './item-price.js';

/**
 * The preview's body: a 1 MB file, form-encoded by the console (a non-ASCII byte becomes three
 * characters), plus room for the other fields. Only this route takes more than the server's 64 KiB.
 */
const IMPORT_BODY_LIMIT = 3 * ITEM_IMPORT_MAX_BYTES + 64 * 1024;

/** /api/admin/items/*: the Items and prices screen (issue 16 screen 4; docs/OPERATIONS.md). */
export function registerCatalogConsoleRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  const { db } = ctx;
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/items',
    params: adminCatalogListParams,
    response: adminCatalogPage,
    operator: { permission: 'items.read' },
    handler: ({ params }) => pageCatalog(db, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/items/detail',
    params: adminCatalogIdParams,
    response: adminCatalogDetailSchema,
    operator: { permission: 'items.read' },
    handler: ({ params }) => catalogDetail(db, params.id),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/items/price',
    params: adminItemPriceParams,
    response: adminCatalogDetailSchema,
    operator: { permission: 'items.write' },
    handler: ({ params, operator, ip }) => setItemPrice(db, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/items/priceEffect',
    params: adminItemPriceEffectParams,
    response: itemPriceEffectSchema,
    operator: { permission: 'items.read' },
    handler: ({ params }) => priceEffect(db, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/items/importPreview',
    params: adminItemImportPreviewParams,
    response: itemImportPreviewSchema,
    operator: { permission: 'items.write' },
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: ({ params, operator }) => importPreview(db, operator.id, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/items/importApply',
    params: adminItemImportApplyParams,
    response: itemImportApplySchema,
    operator: { permission: 'items.write' },
    handler: ({ params, operator, ip }) => importApply(db, { operatorId: operator.id, ip }, params.previewId),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/items/recoveryRule',
    params: emptyParams,
    response: recoveryRuleSchema,
    operator: { permission: 'items.read' },
    handler: () => recoveryRule(db),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/items/recoveryRule',
    params: adminRecoveryRuleParams,
    response: recoveryRuleSchema,
    operator: { permission: 'items.write' },
    handler: ({ params, operator, ip }) => setRecoveryRule(db, { operatorId: operator.id, ip }, params),
  });
}
