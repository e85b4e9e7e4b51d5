import type { FastifyInstance } from 'fastify';
import {
  changeOwnPasswordParams,
  changeOwnPasswordResult,
  emptyParams,
  endedSessionsResult,
  endOperatorSessionParams,
  operatorSessionList,
} from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { apiRoute } from '../../platform/http/route.js';
import { changeOwnPassword, endOtherSessions, endOwnSession, listOwnSessions } from './account.js';

/**
 * /api/admin/account/*: what every operator does about themself (no permission), issue 24 §10. The
 * password change is also the one call, with /me and /logout, that an operator who must set a new password
 * can make (decision 0047: after two-factor, before anything else).
 */
export function accountAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/account/password',
    params: changeOwnPasswordParams,
    response: changeOwnPasswordResult,
    operator: { permission: null, allowPasswordDue: true },
    rateLimit: { max: ctx.config.sensitiveRateLimitPerMinute, timeWindowMs: 60_000 },
    handler: ({ params, operator, session, ip }) => changeOwnPassword(ctx, { operator, session, ip }, params),
  });
  apiRoute(app, {
    method: 'GET',
    url: '/api/admin/account/sessions',
    params: emptyParams,
    response: operatorSessionList,
    operator: { permission: null },
    handler: ({ operator, session, ip }) => listOwnSessions(ctx, { operator, session, ip }),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/account/sessions/end',
    params: endOperatorSessionParams,
    response: endedSessionsResult,
    operator: { permission: null },
    handler: ({ params, operator, session, ip }) => endOwnSession(ctx, { operator, session, ip }, params.id),
  });
  apiRoute(app, {
    method: 'POST',
    url: '/api/admin/account/sessions/endOthers',
    params: emptyParams,
    response: endedSessionsResult,
    operator: { permission: null },
    handler: ({ operator, session, ip }) => endOtherSessions(ctx, { operator, session, ip }),
  });
}
