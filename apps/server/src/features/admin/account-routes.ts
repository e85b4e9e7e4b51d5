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
import { consoleRouter } from '../../platform/http/routers.js';
import { changeOwnPassword, endOtherSessions, endOwnSession, listOwnSessions } from './account.js';

/**
 * /api/admin/account/*: what every operator does about themself (no permission), issue 24 §10. The
 * password change is also the one call, with /me and /logout, that an operator who must set a new password
 * can make (decision 0047: after two-factor, before anything else).
 */
export function accountAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = consoleRouter(app);
  r.post(
    '/api/admin/account/password',
    changeOwnPasswordParams,
    changeOwnPasswordResult,
    null,
    ({ params, operator, session, ip }) => changeOwnPassword(ctx, { operator, session, ip }, params),
    { allowPasswordDue: true, rateLimit: { max: ctx.config.sensitiveRateLimitPerMinute, timeWindowMs: 60_000 } },
  );
  r.get('/api/admin/account/sessions', emptyParams, operatorSessionList, null, ({ operator, session, ip }) =>
    listOwnSessions(ctx, { operator, session, ip }),
  );
  r.post('/api/admin/account/sessions/end', endOperatorSessionParams, endedSessionsResult, null, ({ params, operator, session, ip }) =>
    endOwnSession(ctx, { operator, session, ip }, params.id),
  );
  r.post('/api/admin/account/sessions/endOthers', emptyParams, endedSessionsResult, null, ({ operator, session, ip }) =>
    endOtherSessions(ctx, { operator, session, ip }),
  );
}
