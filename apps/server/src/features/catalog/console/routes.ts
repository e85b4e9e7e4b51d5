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
import { consoleRouter } from '../../../platform/http/routers.js';
import { catalogDetail, importApply, importPreview, pageCatalog, recoveryRule, setRecoveryRule } from './service.js';
import { priceEffect, setItemPrice } from './item-price.js';

/**
 * The preview's body: a 1 MB file, form-encoded by the console (a non-ASCII byte becomes three
 * characters), plus room for the other fields. Only this route takes more than the server's 64 KiB.
 */
const IMPORT_BODY_LIMIT = 3 * ITEM_IMPORT_MAX_BYTES + 64 * 1024;

/** /api/admin/items/*: the Items and prices screen (issue 16 screen 4; docs/OPERATIONS.md). */
export function registerCatalogConsoleRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'config'>): void {
  const { db } = ctx;
  // Issue 27 §11: a box whose live return a price change moves by more than this is a warning to confirm.
  const warnMoveBp = ctx.config.boxReturnMoveWarnBp;
  const r = consoleRouter(app);
  r.get('/api/admin/items', adminCatalogListParams, adminCatalogPage, 'items.read', ({ params }) => pageCatalog(db, params));
  r.get('/api/admin/items/detail', adminCatalogIdParams, adminCatalogDetailSchema, 'items.read', ({ params }) =>
    catalogDetail(db, params.id),
  );
  r.post('/api/admin/items/price', adminItemPriceParams, adminCatalogDetailSchema, 'items.write', ({ params, actor }) =>
    setItemPrice(db, actor, params),
  );
  r.get('/api/admin/items/priceEffect', adminItemPriceEffectParams, itemPriceEffectSchema, 'items.read', ({ params }) =>
    priceEffect(db, params, warnMoveBp),
  );
  r.post(
    '/api/admin/items/importPreview',
    adminItemImportPreviewParams,
    itemImportPreviewSchema,
    'items.write',
    ({ params, operator }) => importPreview(db, operator.id, params, warnMoveBp),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  r.post('/api/admin/items/importApply', adminItemImportApplyParams, itemImportApplySchema, 'items.write', ({ params, actor }) =>
    importApply(db, actor, params.previewId),
  );
  r.get('/api/admin/items/recoveryRule', emptyParams, recoveryRuleSchema, 'items.read', () => recoveryRule(db));
  r.post('/api/admin/items/recoveryRule', adminRecoveryRuleParams, recoveryRuleSchema, 'items.write', ({ params, actor }) =>
    setRecoveryRule(db, actor, params),
  );
}
