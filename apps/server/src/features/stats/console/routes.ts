import type { FastifyInstance } from 'fastify';
import { dashboardParams, dashboardResult } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import { dashboard } from './dashboard.js';

/** Screen 1 (dashboard): GET /api/admin/dashboard. */
export function registerStatsConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = consoleRouter(app);
  r.get('/api/admin/dashboard', dashboardParams, dashboardResult, 'dashboard.read', ({ params }) => dashboard(ctx, params));
}
