import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { roleHasPermission, type AdminPermission, type AdminRole } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { ok } from '../../platform/http/envelope.js';
import { mergeParams } from '../../platform/http/params.js';
import { parseInput } from '../../platform/http/validate.js';
import { withIdempotency } from '../../platform/http/idempotency.js';
import { findOperator, type OperatorRow } from './repo.js';
import { resolveOperatorSession, type LiveOperatorSession } from './sessions.js';

/** The console's token travels in its own header: a player's `token` never reaches an admin session. */
export const ADMIN_TOKEN_HEADER = 'admin-token';

export interface AdminContext<P> {
  params: P;
  operator: OperatorRow;
  session: LiveOperatorSession;
  ip: string;
  request: FastifyRequest;
}

interface AdminRouteDef<S extends z.ZodType, R> {
  method: 'GET' | 'POST';
  url: `/api/admin/${string}`;
  params: S;
  response: z.ZodType<R>;
  /**
   * What the operator's role must allow; `null` for calls every operator makes about themself (me, logout).
   * Required, so no admin route can be added without saying who may call it.
   */
  permission: AdminPermission | null;
  /** Only /api/admin/totp and /logout accept a session whose two-factor step is still pending. */
  allowPending?: true;
  /**
   * Only /me, /logout and /account/password accept the session of an operator who must set a new password
   * (a one-time password from an admin): after two-factor, that change comes before anything else.
   */
  allowPasswordDue?: true;
  /**
   * Calls per operator in the window, counted only once the session and the permission have passed (issue
   * 24 §12): a stranger's calls from the operator's address never use up the operator's budget. Strangers
   * meet the server's per-address limit, as on every route.
   */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Bytes, when a call takes more than the server's 64 KiB default (a document's body). */
  bodyLimit?: number;
  /**
   * A money action that honours an Idempotency-Key header as the player API's money calls do (issue 10 §2):
   * an operator whose answer was lost (a dropped connection, a crash) retries with the same key and the
   * action runs once. The handler must be one transaction, so the answer commits with the effect. Keys are
   * kept under the operator's id negated, so an operator's key never meets a player's.
   */
  idempotent?: true;
  handler: (ctx: AdminContext<z.output<S>>) => Promise<R>;
}

/** The operator session a request carries, whatever its stage; refuses anything else (guests, player tokens). */
export async function requireOperatorSession(
  db: Db,
  request: FastifyRequest,
): Promise<{ session: LiveOperatorSession; operator: OperatorRow }> {
  const header = request.headers[ADMIN_TOKEN_HEADER];
  const token = typeof header === 'string' ? header : '';
  const session = token ? await resolveOperatorSession(db, token) : null;
  if (!session) throw new AppError('ADMIN_NOT_LOGGED_IN');
  const operator = await findOperator(db, session.operatorId);
  if (!operator || operator.disabled) throw new AppError('ADMIN_NOT_LOGGED_IN');
  return { session, operator };
}

/** Every route `adminRoute` has defined, for the test that sweeps them all (who may call what). */
export interface AdminRouteInfo {
  method: 'GET' | 'POST';
  url: string;
  permission: AdminPermission | null;
  allowPending: boolean;
  allowPasswordDue: boolean;
  /** The route's parameter schema, for the sweep that sends values at and past its bounds. */
  params: z.ZodType;
}
export const adminRouteTable = new Map<string, AdminRouteInfo>();

/** The operator a request's per-operator limit counts (set after the session check, read by its key). */
const limitedOperator = new WeakMap<FastifyRequest, number>();

/**
 * Every /api/admin/* call except login: an operator session that has passed two-factor (and, after an
 * admin's reset, set a new password), a role that holds
 * the route's permission (checked here, on the server, for every call), then the parsed parameters, one
 * service call and the envelope. Admin routes stay out of `app.apiRoutes`, so docs/API.md and the public
 * interface list describe the player API only (decisions/0032).
 */
export function adminRoute<S extends z.ZodType, R>(app: FastifyInstance, db: Db, def: AdminRouteDef<S, R>): void {
  adminRouteTable.set(`${def.method} ${def.url}`, {
    method: def.method,
    url: def.url,
    permission: def.permission,
    allowPending: def.allowPending ?? false,
    allowPasswordDue: def.allowPasswordDue ?? false,
    params: def.params,
  });
  const perOperator = def.rateLimit
    ? app.createRateLimit({
        max: def.rateLimit.max,
        timeWindow: def.rateLimit.timeWindowMs,
        keyGenerator: (request) => `${def.method} ${def.url} op:${limitedOperator.get(request)}`,
      })
    : null;
  app.route({
    method: def.method,
    url: def.url,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { session, operator } = await requireOperatorSession(db, request);
      if (!session.verified && !def.allowPending) throw new AppError('ADMIN_TOTP_REQUIRED');
      if (session.verified && operator.mustChangePassword && !def.allowPasswordDue) throw new AppError('ADMIN_PASSWORD_CHANGE_REQUIRED');
      if (def.permission && !roleHasPermission(operator.role as AdminRole, def.permission))
        throw new AppError('ADMIN_FORBIDDEN', def.permission);
      if (perOperator) {
        limitedOperator.set(request, operator.id);
        // `isAllowed` means "on the allow list"; a counted call is refused once it exceeds the budget.
        const counted = await perOperator(request);
        if (!counted.isAllowed && counted.isExceeded) throw new AppError('RATE_LIMITED', `operator ${operator.id}`);
      }
      const params = parseInput(def.params, mergeParams(request.query, request.body), request.lang);
      const run = () => def.handler({ params, operator, session, ip: request.ip, request });
      const key = request.headers['idempotency-key'];
      const data = def.idempotent
        ? await withIdempotency(
            db,
            { userId: -operator.id, key: typeof key === 'string' ? key : undefined, url: def.url, params, leaseS: app.idempotencyLeaseS },
            run,
          )
        : await run();
      const checked = def.response.safeParse(data);
      if (!checked.success) {
        request.log.error({ issues: checked.error.issues.slice(0, 3), url: def.url }, 'response failed its schema');
        throw new AppError('INTERNAL', 'response schema');
      }
      return ok(checked.data);
    },
  });
}
