import type { FastifyInstance } from 'fastify';
import {
  adminBoxCreateParams,
  adminBoxDetailSchema,
  adminBoxIdParams,
  adminBoxListParams,
  adminBoxPage,
  adminBoxPublishParams,
  adminBoxThemes,
  adminBoxUpdateParams,
  adminItemPage,
  adminItemSearchParams,
  adminThemeSaveParams,
  emptyParams,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { boxDetailFor, boxThemes, createBox, pageBoxes, pageItems, publishBox, saveTheme, updateBox } from './boxes.js';

/** /api/admin/boxes/*: the Boxes screen (issue 16 screen 2; docs/OPERATIONS.md). */
export function registerCaseConsoleRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  const { db } = ctx;
  const r = consoleRouter(app);
  r.get('/api/admin/boxes', adminBoxListParams, adminBoxPage, 'boxes.read', ({ params }) => pageBoxes(db, params));
  r.get('/api/admin/boxes/detail', adminBoxIdParams, adminBoxDetailSchema, 'boxes.read', ({ params }) => boxDetailFor(db, params.id));
  r.get('/api/admin/boxes/themes', emptyParams, adminBoxThemes, 'boxes.read', () => boxThemes(db));
  r.post('/api/admin/boxes/themes/save', adminThemeSaveParams, adminBoxThemes, 'boxes.write', ({ params, actor }) =>
    saveTheme(db, actor, params),
  );
  r.get('/api/admin/boxes/items', adminItemSearchParams, adminItemPage, 'boxes.read', ({ params }) => pageItems(db, params));
  r.post('/api/admin/boxes/create', adminBoxCreateParams, adminBoxDetailSchema, 'boxes.write', ({ params, actor }) =>
    createBox(db, actor, params),
  );
  r.post('/api/admin/boxes/update', adminBoxUpdateParams, adminBoxDetailSchema, 'boxes.write', ({ params, actor }) =>
    updateBox(db, actor, params),
  );
  r.post('/api/admin/boxes/publish', adminBoxPublishParams, adminBoxDetailSchema, 'boxes.write', ({ params, actor }) =>
    publishBox(db, actor, params),
  );
}
