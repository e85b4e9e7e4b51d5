import type { FastifyInstance } from 'fastify';
import {
  approvalApproveParams,
  approvalListParams,
  approvalRejectParams,
  approvalRequestPage,
  approvalRequestSchema,
  emptyParams,
  limitSettingsParams,
  limitSettingsSchema,
  limitsTodaySchema,
} from '@skinfair/contract';
import type { AppContext } from '../../../app-context.js';
import { consoleRouter } from '../../../platform/http/routers.js';
import type { LimitedActions } from './actions.js';
import { approveRequest, listApprovals, rejectRequest } from './approvals.js';
import { limitSettings, saveLimitSettings } from './settings.js';
import { valueToday } from './today.js';

/**
 * /api/admin/limits/* and /api/admin/approvals/* (issue 24 §11): the dashboard's roles read them; only an
 * admin changes the limits; deciding a request also needs the action's own permission (checked inside).
 */
export function limitRoutes(app: FastifyInstance, ctx: AppContext, actions: LimitedActions): void {
  const { db } = ctx;

  const r = consoleRouter(app);

  r.get('/api/admin/limits/today', emptyParams, limitsTodaySchema, 'dashboard.read', () => valueToday(db));
  r.get('/api/admin/limits/settings', emptyParams, limitSettingsSchema, 'dashboard.read', () => limitSettings(db));
  r.post('/api/admin/limits/settings', limitSettingsParams, limitSettingsSchema, 'limits.write', ({ params, actor }) =>
    saveLimitSettings(db, actor, params),
  );

  r.get('/api/admin/approvals', approvalListParams, approvalRequestPage, 'dashboard.read', ({ params, operator }) =>
    listApprovals(db, actions, operator, params),
  );
  r.post(
    '/api/admin/approvals/approve',
    approvalApproveParams,
    approvalRequestSchema,
    'dashboard.read',
    ({ params, operator, ip }) => approveRequest(ctx, actions, { operator, ip }, params.id),
    { idempotent: { db } },
  );
  r.post('/api/admin/approvals/reject', approvalRejectParams, approvalRequestSchema, 'dashboard.read', ({ params, operator, ip }) =>
    rejectRequest(db, actions, { operator, ip }, params.id, params.reason),
  );
}
