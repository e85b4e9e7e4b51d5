import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client.js';
import { auditLedger } from './ledger/audit.js';
import type { LivePublisher } from './live-publisher.js';

/**
 * GET /health for load balancers and operators: the database answers and the books balance
 * (`?deep=1` also re-derives every balance from its transfers). 503 when either fails.
 */
export function healthRoute(deps: { database: Database; live: LivePublisher }) {
  return async (app: FastifyInstance) => {
    app.get('/health', async (request, reply) => {
      const started = Date.now();
      const deep = (request.query as Record<string, string | undefined>).deep === '1';
      try {
        await deps.database.db.execute(sql`SELECT 1`);
        const ledger = await auditLedger(deps.database.db, { deep });
        const healthy = ledger.balanced;
        return reply.status(healthy ? 200 : 503).send({
          status: healthy ? 0 : 1008,
          msg: healthy ? '' : '账本不平衡',
          data: {
            database: { ok: true, engine: deps.database.engine, ms: Date.now() - started },
            ledger,
            live: { connections: deps.live.onlineCount() },
            uptimeS: Math.round(process.uptime()),
          },
        });
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.status(503).send({
          status: 1008,
          msg: '数据库不可用',
          data: { database: { ok: false, engine: deps.database.engine }, ledger: null },
        });
      }
    });
  };
}
