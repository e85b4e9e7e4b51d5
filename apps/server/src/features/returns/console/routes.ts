import type { FastifyInstance } from 'fastify';
import { adminReturnListParams, adminReturnPage } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { pageBoxReturns } from '../service.js';

/** Screen 3 (live return per box, /api/admin/returns): read only, with the Boxes screen's permission. */
export function registerReturnConsoleRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/returns',
    params: adminReturnListParams,
    response: adminReturnPage,
    operator: { permission: 'boxes.read' },
    handler: ({ params }) => pageBoxReturns(ctx.db, params),
  });
}
