import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from './db/client.js';

/**
 * Public probes for supervisors and load balancers (issue 9 §10): they say whether this process is up
 * and whether it can serve, and nothing about the books. The ledger audit is an operator endpoint.
 *
 * - GET /health        liveness: the process answers (no database call, so a slow database never
 *                      gets a healthy process killed).
 * - GET /health/ready  readiness: the database answers; 503 otherwise. Redis, when configured, is reported
 *                      but never makes a node not ready (issue 26 §10): without it rate limits count per
 *                      node and live events stay on their node, which is degraded, not down. Taking every
 *                      node out of the balancer because the shared Redis went away would turn a partial
 *                      loss into a total one.
 */
export function healthRoute(deps: { database: Database; redis?: Redis }) {
  return async (app: FastifyInstance) => {
    app.get('/health', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 0, msg: '', data: { live: true, uptimeS: Math.round(process.uptime()) } }),
    );
    app.get('/health/ready', async (request, reply) => {
      const [database, redis] = await Promise.all([
        pingDatabase(deps.database),
        deps.redis ? pingRedis(deps.redis) : Promise.resolve(null),
      ]);
      const ready = database.ok;
      const degraded = redis !== null && !redis.ok;
      if (!ready) request.log.warn({ database, redis }, 'not ready');
      else if (degraded) request.log.warn({ redis }, 'ready, degraded: Redis unavailable (rate limits per node, live events node-local)');
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? 0 : 1008, msg: ready ? '' : '服务暂不可用', data: { ready, degraded, database, redis } });
    });
  };
}

async function pingDatabase(database: Database) {
  const started = Date.now();
  try {
    await withTimeout(database.db.execute(sql`SELECT 1`), 2_000);
    return { ok: true, engine: database.engine, ms: Date.now() - started };
  } catch {
    return { ok: false, engine: database.engine, ms: Date.now() - started };
  }
}

async function pingRedis(redis: Redis) {
  const started = Date.now();
  try {
    // Not connected: answer at once rather than wait for a ping ioredis would refuse anyway.
    if (redis.status !== 'ready') return { ok: false, state: 'degraded' as const, ms: 0 };
    await withTimeout(redis.ping(), 1_000);
    return { ok: true, state: 'up' as const, ms: Date.now() - started };
  } catch {
    return { ok: false, state: 'degraded' as const, ms: Date.now() - started };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
