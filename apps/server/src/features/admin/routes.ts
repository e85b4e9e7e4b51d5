import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminLoginParams,
  adminLoginResult,
  adminMeResult,
  adminTotpParams,
  auditListParams,
  auditPage,
  createOperatorParams,
  emptyParams,
  operatorDisabledParams,
  operatorIdParams,
  operatorListParams,
  operatorPage,
  operatorResetResult,
  operatorRoleParams,
  operatorSchema,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../platform/http/envelope.js';
import { mergeParams } from '../../platform/http/params.js';
import { parseInput } from '../../platform/http/validate.js';
import { apiRoute } from '../../platform/http/route.js';
import { ledgerAuditAdminRoute } from './ledger-audit.js';
import { listAudit } from './audit.js';
import { limitRoutes } from './limits/routes.js';
import type { LimitedActions } from './limits/actions.js';
import { bootstrapRoute } from './bootstrap.js';
import { accountAdminRoutes } from './account-routes.js';
import { oneTimePasswordExpiry } from './one-time-password.js';
import {
  adminLogin,
  adminLogout,
  adminMe,
  adminVerifyTotp,
  createOperator,
  pageOperators,
  resetOperatorPassword,
  resetOperatorTotp,
  setOperatorDisabled,
  setOperatorRole,
} from './service.js';

export interface AdminRouteOptions {
  /** The value-creating actions an approval runs, from the features that own them (wired in app.ts). */
  limitedActions: LimitedActions;
  /** Where the first-admin token goes (PGlite only: PostgreSQL's command connects directly). */
  bootstrap?: { file: string; port: number };
}

/** /api/admin/*: the operator console (issue 16). */
export function adminRoutes(ctx: AppContext, options: AdminRouteOptions) {
  return async (app: FastifyInstance) => {
    const { db } = ctx;
    const sensitive = { max: ctx.config.sensitiveRateLimitPerMinute, timeWindowMs: 60_000 };

    app.post(
      '/api/admin/login',
      { config: { rateLimit: { max: sensitive.max, timeWindow: sensitive.timeWindowMs } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const params = parseInput(adminLoginParams, mergeParams(request.query, request.body), request.lang);
        return ok(adminLoginResult.parse(await adminLogin(ctx, params, request.ip)));
      },
    );

    apiRoute(app, {
      method: 'POST',
      url: '/api/admin/totp',
      params: adminTotpParams,
      response: adminMeResult,
      operator: { permission: null, allowPending: true },
      rateLimit: sensitive,
      handler: ({ params, session, ip }) => adminVerifyTotp(ctx, session, params.code, ip),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/admin/logout',
      params: emptyParams,
      response: z.literal(true),
      operator: { permission: null, allowPending: true, allowPasswordDue: true },
      handler: ({ session }) => adminLogout(ctx, session),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/admin/me',
      params: emptyParams,
      response: adminMeResult,
      operator: { permission: null, allowPasswordDue: true },
      handler: ({ session }) => adminMe(ctx, session),
    });
    accountAdminRoutes(app, ctx);

    apiRoute(app, {
      method: 'GET',
      url: '/api/admin/operators',
      params: operatorListParams,
      response: operatorPage,
      operator: { permission: 'operators.read' },
      handler: ({ params }) => pageOperators(ctx, params),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/admin/operators/create',
      params: createOperatorParams,
      response: operatorSchema,
      operator: { permission: 'operators.write' },
      // The admin knows the initial password: the operator replaces it at the first login (decision 0047).
      handler: ({ params, operator, ip }) =>
        createOperator(ctx, { operatorId: operator.id, ip }, params, {
          kind: 'given',
          expiresAt: oneTimePasswordExpiry(),
        }),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/admin/operators/role',
      params: operatorRoleParams,
      response: operatorSchema,
      operator: { permission: 'operators.write' },
      handler: ({ params, operator, ip }) => setOperatorRole(ctx, { operatorId: operator.id, ip }, params.id, params.role),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/admin/operators/disabled',
      params: operatorDisabledParams,
      response: operatorSchema,
      operator: { permission: 'operators.write' },
      handler: ({ params, operator, ip }) => setOperatorDisabled(ctx, { operatorId: operator.id, ip }, params.id, params.disabled),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/admin/operators/resetTotp',
      params: operatorIdParams,
      response: operatorResetResult,
      operator: { permission: 'operators.write' },
      handler: ({ params, operator, ip }) => resetOperatorTotp(ctx, { operatorId: operator.id, ip }, params.id),
    });
    apiRoute(app, {
      method: 'POST',
      url: '/api/admin/operators/resetPassword',
      params: operatorIdParams,
      response: operatorResetResult,
      operator: { permission: 'operators.write' },
      handler: ({ params, operator, ip }) => resetOperatorPassword(ctx, { operatorId: operator.id, ip }, params.id),
    });

    apiRoute(app, {
      method: 'GET',
      url: '/api/admin/audit',
      params: auditListParams,
      response: auditPage,
      operator: { permission: 'audit.read' },
      handler: ({ params }) => listAudit(db, params),
    });

    ledgerAuditAdminRoute(app, ctx);

    limitRoutes(app, ctx, options.limitedActions);

    if (options.bootstrap) bootstrapRoute(app, db, options.bootstrap);
  };
}
