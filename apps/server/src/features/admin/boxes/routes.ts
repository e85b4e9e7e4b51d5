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
import type { Db } from '../../../platform/db/client.js';
import { adminRoute } from '../admin-route.js';
import { boxDetailFor, boxThemes, createBox, pageBoxes, pageItems, publishBox, saveTheme, updateBox } from './service.js';

/** /api/admin/boxes/*: the Boxes screen (issue 16 screen 2; docs/OPERATIONS.md). */
export function adminBoxRoutes(app: FastifyInstance, db: Db): void {
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/boxes',
    params: adminBoxListParams,
    response: adminBoxPage,
    permission: 'boxes.read',
    handler: ({ params }) => pageBoxes(db, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/boxes/detail',
    params: adminBoxIdParams,
    response: adminBoxDetailSchema,
    permission: 'boxes.read',
    handler: ({ params }) => boxDetailFor(db, params.id),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/boxes/themes',
    params: emptyParams,
    response: adminBoxThemes,
    permission: 'boxes.read',
    handler: () => boxThemes(db),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/boxes/themes/save',
    params: adminThemeSaveParams,
    response: adminBoxThemes,
    permission: 'boxes.write',
    handler: ({ params, operator, ip }) => saveTheme(db, { operatorId: operator.id, ip }, params),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/boxes/items',
    params: adminItemSearchParams,
    response: adminItemPage,
    permission: 'boxes.read',
    handler: ({ params }) => pageItems(db, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/boxes/create',
    params: adminBoxCreateParams,
    response: adminBoxDetailSchema,
    permission: 'boxes.write',
    handler: ({ params, operator, ip }) => createBox(db, { operatorId: operator.id, ip }, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/boxes/update',
    params: adminBoxUpdateParams,
    response: adminBoxDetailSchema,
    permission: 'boxes.write',
    handler: ({ params, operator, ip }) => updateBox(db, { operatorId: operator.id, ip }, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/boxes/publish',
    params: adminBoxPublishParams,
    response: adminBoxDetailSchema,
    permission: 'boxes.write',
    handler: ({ params, operator, ip }) => publishBox(db, { operatorId: operator.id, ip }, params),
  });
}
