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
import { adminRoute } from '../admin-route.js';
import { approveRequest, listApprovals, rejectRequest } from './approvals.js';
import { limitSettings, saveLimitSettings } from './settings.js';
import { valueToday } from './today.js';

/**
 * /api/admin/limits/* and /api/admin/approvals/* (issue 24 §11): the dashboard's roles read them; only an
 * admin changes the limits; deciding a request also needs the action's own permission (checked inside).
 */
export function limitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/limits/today',
    params: emptyParams,
    response: limitsTodaySchema,
    permission: 'dashboard.read',
    handler: () => valueToday(db),
  });
  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/limits/settings',
    params: emptyParams,
    response: limitSettingsSchema,
    permission: 'dashboard.read',
    handler: () => limitSettings(db),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/limits/settings',
    params: limitSettingsParams,
    response: limitSettingsSchema,
    permission: 'limits.write',
    handler: ({ params, operator, ip }) => saveLimitSettings(db, { operatorId: operator.id, ip }, params),
  });

  adminRoute(app, db, {
    method: 'GET',
    url: '/api/admin/approvals',
    params: approvalListParams,
    response: approvalRequestPage,
    permission: 'dashboard.read',
    handler: ({ params, operator }) => listApprovals(db, operator, params),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/approvals/approve',
    params: approvalApproveParams,
    response: approvalRequestSchema,
    permission: 'dashboard.read',
    idempotent: true,
    handler: ({ params, operator, ip }) => approveRequest(ctx, { operator, ip }, params.id),
  });
  adminRoute(app, db, {
    method: 'POST',
    url: '/api/admin/approvals/reject',
    params: approvalRejectParams,
    response: approvalRequestSchema,
    permission: 'dashboard.read',
    handler: ({ params, operator, ip }) => rejectRequest(db, { operator, ip }, params.id, params.reason),
  });
}
