import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { errorCodeOf, shedReasonOf } from '../http/refusal-marks.js';
import { appRedisOf } from '../redis/app-redis.js';

/**
 * Refusals by their envelope code, load shedding by its reason, and whether this node counts its rate
 * limits alone because Redis is away (issue 26 §12). RATE_LIMITED is the 429 of the address limit;
 * INTERNAL and DB_UNAVAILABLE are what the error-rate alerts watch (deploy/prometheus/alerts.yml).
 */
export function installRefusalMetrics(app: FastifyInstance, registry: Registry): void {
  const refusals = new Counter({
    name: 'skinfair_api_errors_total',
    help: 'Answers carrying an error envelope, by route pattern and error code (RATE_LIMITED is the 429 of the address limit)',
    labelNames: ['route', 'code'] as const,
    registers: [registry],
  });
  const shed = new Counter({
    name: 'skinfair_load_shed_total',
    help: 'API calls refused at once because this node was saturated, by reason (pool: connection queue, event_loop: lag)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  // Both reasons present from the start: rate() of a series that appears only on the first refusal misses it.
  shed.inc({ reason: 'pool' }, 0);
  shed.inc({ reason: 'event_loop' }, 0);
  app.addHook('onResponse', async (request) => {
    const code = errorCodeOf(request);
    if (code) refusals.inc({ route: request.routeOptions.url ?? 'unmatched', code });
    const reason = shedReasonOf(request);
    if (reason) shed.inc({ reason });
  });
  new Gauge({
    name: 'skinfair_redis_fallback',
    help: '1 while Redis is configured but unreachable: rate limits count per node, live events stay on their node',
    // Over cluster workers: any worker cut off is the node degraded, not a sum.
    aggregator: 'max',
    registers: [registry],
    collect() {
      const redis = appRedisOf(app);
      this.set(redis && redis.status !== 'ready' ? 1 : 0);
    },
  });
}
