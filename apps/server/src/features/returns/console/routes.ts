import type { FastifyInstance } from 'fastify';
import { adminReturnListParams, adminReturnPage } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { pageBoxReturns } from '../service.js';

/** Screen 3 (live return per box, /api/admin/returns): read only, with the Boxes screen's permission. */
export function registerReturnConsoleRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  const r = consoleRouter(app);
  r.get('/api/admin/returns', adminReturnListParams, adminReturnPage, 'boxes.read', ({ params }) => pageBoxReturns(ctx.db, params));
}
