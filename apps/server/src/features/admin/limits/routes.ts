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
import { apiRoute } from '../../../platform/http/route.js';
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

  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/limits/today',
    params: emptyParams,
    response: limitsTodaySchema,
    operator: { permission: 'dashboard.read' },
    handler: () => valueToday(db),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/limits/settings',
    params: emptyParams,
    response: limitSettingsSchema,
    operator: { permission: 'dashboard.read' },
    handler: () => limitSettings(db),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/limits/settings',
    params: limitSettingsParams,
    response: limitSettingsSchema,
    operator: { permission: 'limits.write' },
    handler: ({ params, operator, ip }) => saveLimitSettings(db, { operatorId: operator.id, ip }, params),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/approvals',
    params: approvalListParams,
    response: approvalRequestPage,
    operator: { permission: 'dashboard.read' },
    handler: ({ params, operator }) => listApprovals(db, actions, operator, params),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/approvals/approve',
    params: approvalApproveParams,
    response: approvalRequestSchema,
    operator: { permission: 'dashboard.read' },
    idempotent: { db },
    handler: ({ params, operator, ip }) => approveRequest(ctx, actions, { operator, ip }, params.id),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/approvals/reject',
    params: approvalRejectParams,
    response: approvalRequestSchema,
    operator: { permission: 'dashboard.read' },
    handler: ({ params, operator, ip }) => rejectRequest(db, actions, { operator, ip }, params.id, params.reason),
  });
}
