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
import { apiRoute } from '../../../platform/http/route.js';
import { boxDetailFor, boxThemes, createBox, pageBoxes, pageItems, publishBox, saveTheme, updateBox } from './boxes.js';

/** /api/admin/boxes/*: the Boxes screen (issue 16 screen 2; docs/OPERATIONS.md). */
export function registerCaseConsoleRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  const { db } = ctx;
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/boxes',
    params: adminBoxListParams,
    response: adminBoxPage,
    operator: { permission: 'boxes.read' },
    handler: ({ params }) => pageBoxes(db, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/boxes/detail',
    params: adminBoxIdParams,
    response: adminBoxDetailSchema,
    operator: { permission: 'boxes.read' },
    handler: ({ params }) => boxDetailFor(db, params.id),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/boxes/themes',
    params: emptyParams,
    response: adminBoxThemes,
    operator: { permission: 'boxes.read' },
    handler: () => boxThemes(db),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/boxes/themes/save',
    params: adminThemeSaveParams,
    response: adminBoxThemes,
    operator: { permission: 'boxes.write' },
    handler: ({ params, operator, ip }) => saveTheme(db, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/boxes/items',
    params: adminItemSearchParams,
    response: adminItemPage,
    operator: { permission: 'boxes.read' },
    handler: ({ params }) => pageItems(db, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/boxes/create',
    params: adminBoxCreateParams,
    response: adminBoxDetailSchema,
    operator: { permission: 'boxes.write' },
    handler: ({ params, operator, ip }) => createBox(db, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/boxes/update',
    params: adminBoxUpdateParams,
    response: adminBoxDetailSchema,
    operator: { permission: 'boxes.write' },
    handler: ({ params, operator, ip }) => updateBox(db, { operatorId: operator.id, ip }, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/boxes/publish',
    params: adminBoxPublishParams,
    response: adminBoxDetailSchema,
    operator: { permission: 'boxes.write' },
    handler: ({ params, operator, ip }) => publishBox(db, { operatorId: operator.id, ip }, params),
  });
}
