import type { FastifyInstance, FastifyRequest } from 'fastify';
import { roleHasPermission, type AdminRole } from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { ConsoleCaller, OperatorRule } from '../../platform/http/route.js';
import { findOperator, type OperatorRow } from './repo.js';
import { resolveOperatorSession, type LiveOperatorSession } from './sessions.js';

/** The console's token travels in its own header: a player's `token` never reaches an admin session. */
export const ADMIN_TOKEN_HEADER = 'admin-token';

// What a console handler gets besides the id platform reads (decision 0055): the operator's row and session.
declare module '../../platform/http/route.js' {
  interface ConsoleCaller {
    operator: OperatorRow;
    session: LiveOperatorSession;
  }
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

/**
 * Installs the console's gate on the root app, before any feature registers a console route (`apiRoute`
 * with `operator`): every /api/admin/* call except login needs an operator session that has passed
 * two-factor (and, after an admin's reset, set a new password) and a role that holds the route's
 * permission, checked here, on the server, for every call. Platform calls it; it never imports features.
 */
export function installOperatorGate(app: FastifyInstance, db: Db): void {
  app.decorate('consoleRoutes', new Map());
  app.decorate('operatorGate', async (request: FastifyRequest, rule: OperatorRule): Promise<ConsoleCaller> => {
    const { session, operator } = await requireOperatorSession(db, request);
    if (!session.verified && !rule.allowPending) throw new AppError('ADMIN_TOTP_REQUIRED');
    if (session.verified && operator.mustChangePassword && !rule.allowPasswordDue) throw new AppError('ADMIN_PASSWORD_CHANGE_REQUIRED');
    if (rule.permission && !roleHasPermission(operator.role as AdminRole, rule.permission))
      throw new AppError('ADMIN_FORBIDDEN', rule.permission);
    return { operatorId: operator.id, operator, session };
  });
}
