import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from './db/client.js';
import { auditLedger } from './ledger/audit.js';
import { LONG_READ_TIMEOUT_MS, withStatementTimeout } from './db/guards.js';
import { sendError } from './http/error-handler.js';

/**
 * GET /api/ops/ledgerAudit: the ledger auditor (sum, negatives, `?deep=1` re-derives every balance) for
 * operators only (issue 9 §10). Authenticated by `Authorization: Bearer <OPS_TOKEN>`; without an
 * OPS_TOKEN configured the route does not exist. The operator console (a later issue) replaces the token.
 */
export function opsAuditRoute(deps: { database: Database; opsToken: string | undefined }) {
  return async (app: FastifyInstance) => {
    const expected = deps.opsToken;
    if (!expected) return;
    app.get('/api/ops/ledgerAudit', async (request, reply) => {
      if (!bearerMatches(request, expected)) return sendError(request, reply, 'ROUTE_NOT_FOUND', { httpStatus: 404 });
      const deep = (request.query as Record<string, string | undefined>).deep === '1';
      // The deep audit scans every transfer: longer than the pool's statement timeout allows (decisions/0059).
      const ledger = await withStatementTimeout(deps.database.db, LONG_READ_TIMEOUT_MS, (tx) => auditLedger(tx, { deep }));
      return reply
        .status(ledger.balanced ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ledger.balanced ? 0 : 1008, msg: ledger.balanced ? '' : '账本不平衡', data: ledger });
    });
  };
}

/** Constant-time, and the same answer as a missing route when wrong: the endpoint does not announce itself. */
export function bearerMatches(request: FastifyRequest, expected: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return given !== '' && timingSafeEqual(digest(given), digest(expected));
}
