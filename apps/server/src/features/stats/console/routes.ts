import type { FastifyInstance } from 'fastify';
import { dashboardParams, dashboardResult } from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { apiRoute } from '../../../platform/http/route.js';
import { dashboard } from './dashboard.js';

/** Screen 1 (dashboard): GET /api/admin/dashboard. */
export function registerStatsConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/dashboard',
    params: dashboardParams,
    response: dashboardResult,
    operator: { permission: 'dashboard.read' },
    handler: ({ params }) => dashboard(ctx, params),
  });
}
