import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { intParam } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import { auditLedger } from '../../platform/ledger/audit.js';
import { LONG_READ_TIMEOUT_MS, withStatementTimeout } from '../../platform/db/guards.js';
import { consoleRouter } from '../../platform/http/routers.js';

const ledgerAuditSchema = z.object({
  sumFen: z.number().int(),
  negativeUserAccounts: z.number().int(),
  mismatchedAccounts: z.number().int().nullable(),
  balanced: z.boolean(),
});

/**
 * GET /api/admin/ledgerAudit: the ledger auditor for signed-in operators who read the dashboard (issue 9
 * §10: the audit is behind operator authentication; `/api/ops/ledgerAudit` keeps the OPS_TOKEN way for
 * scripts). `deep=1` re-derives every balance from its transfers, a full scan, hence the tight limit.
 */
export function ledgerAuditAdminRoute(app: FastifyInstance, ctx: Pick<AppContext, 'db'>): void {
  const r = consoleRouter(app);
  r.get(
    '/api/admin/ledgerAudit',
    z.object({ deep: intParam(0, 1).default(0) }),
    ledgerAuditSchema,
    'dashboard.read',
    // A full scan may outlast the pool's statement timeout (decisions/0059).
    ({ params }) => withStatementTimeout(ctx.db, LONG_READ_TIMEOUT_MS, (tx) => auditLedger(tx, { deep: params.deep === 1 })),
    { rateLimit: { max: 6, timeWindowMs: 60_000 } },
  );
}
