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
import { consoleRouter } from '../../platform/http/routers.js';
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

    const r = consoleRouter(app);

    r.post(
      '/api/admin/totp',
      adminTotpParams,
      adminMeResult,
      null,
      ({ params, session, ip }) => adminVerifyTotp(ctx, session, params.code, ip),
      { allowPending: true, rateLimit: sensitive },
    );
    r.post('/api/admin/logout', emptyParams, z.literal(true), null, ({ session }) => adminLogout(ctx, session), {
      allowPending: true,
      allowPasswordDue: true,
    });
    r.get('/api/admin/me', emptyParams, adminMeResult, null, ({ session }) => adminMe(ctx, session), { allowPasswordDue: true });
    accountAdminRoutes(app, ctx);

    r.get('/api/admin/operators', operatorListParams, operatorPage, 'operators.read', ({ params }) => pageOperators(ctx, params));
    // The admin knows the initial password: the operator replaces it at the first login (decision 0047).
    r.post('/api/admin/operators/create', createOperatorParams, operatorSchema, 'operators.write', ({ params, actor }) =>
      createOperator(ctx, actor, params, {
        kind: 'given',
        expiresAt: oneTimePasswordExpiry(),
      }),
    );
    r.post('/api/admin/operators/role', operatorRoleParams, operatorSchema, 'operators.write', ({ params, actor }) =>
      setOperatorRole(ctx, actor, params.id, params.role),
    );
    r.post('/api/admin/operators/disabled', operatorDisabledParams, operatorSchema, 'operators.write', ({ params, actor }) =>
      setOperatorDisabled(ctx, actor, params.id, params.disabled),
    );
    r.post('/api/admin/operators/resetTotp', operatorIdParams, operatorResetResult, 'operators.write', ({ params, actor }) =>
      resetOperatorTotp(ctx, actor, params.id),
    );
    r.post('/api/admin/operators/resetPassword', operatorIdParams, operatorResetResult, 'operators.write', ({ params, actor }) =>
      resetOperatorPassword(ctx, actor, params.id),
    );

    r.get('/api/admin/audit', auditListParams, auditPage, 'audit.read', ({ params }) => listAudit(db, params));

    ledgerAuditAdminRoute(app, ctx);

    limitRoutes(app, ctx, options.limitedActions);

    if (options.bootstrap) bootstrapRoute(app, db, options.bootstrap);
  };
}
