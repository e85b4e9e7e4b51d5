import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';
import { bearerMatches } from '../ops-audit.js';
import { sendError } from '../http/error-handler.js';
import { isDirectLocalRequest } from '../http/exposure.js';
import { jobBacklog } from './job-backlog.js';
import { installJobMetrics } from './job-metrics.js';
import { installRefusalMetrics } from './refusal-metrics.js';
import { providerRegistry } from './provider-calls.js';
import { moneyGauges } from './money-gauges.js';
import { aggregatedFromPrimary, answerCollectRequests } from './cluster-aggregation.js';

export interface MetricsOptions {
  database: Database;
  /** Bearer token that opens /metrics to a scraper on another machine (config OPS_TOKEN). */
  opsToken: string | undefined;
  /** WebSocket connections open on this node; main.ts binds it once the live server exists. */
  liveConnections?: () => number;
}

/** Seconds: from a cached read to a request that waited out the 30 s request timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a free connection is ~0; a full pool waits up to its acquire timeout. */
const ACQUIRE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5];

/**
 * Prometheus metrics of this node at GET /metrics (issue 10 §11). Each app gets its own Registry: prom-client's
 * default one is process-global, and tests build many apps in one process. Call before the routes are
 * registered so the timing hook sees all of them.
 *
 * Two kinds of figures (issue 26 §12): this process's own (requests, pool, jobs run, provider calls), which
 * with WORKERS > 1 are merged over every worker (cluster-aggregation.ts), and the site's, read from the
 * database by the process answering the scrape (`site`: backlog, deposits, withdrawals), never summed.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): Registry {
  const registry = new Registry();
  // process_*, nodejs_eventloop_lag_*, nodejs_heap_*, nodejs_gc_* …
  collectDefaultMetrics({ register: registry });
  installJobMetrics(registry, options.database.db);
  installRefusalMetrics(app, registry);
  const site = new Registry();
  const money = moneyGauges(site, options.database.db);
  const stopAnswering = answerCollectRequests([registry, providerRegistry]);
  app.addHook('onClose', async () => stopAnswering());

  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'skinfair_http_requests_total',
    help: 'HTTP requests answered, by route pattern',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'skinfair_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by route pattern',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const { database } = options;
  const poolStats = database.poolStats?.bind(database);
  if (poolStats) {
    new Gauge({
      name: 'skinfair_db_pool_clients',
      help: 'Database connections of this node by state (idle, busy) and the pool maximum (max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'busy' }, s.total - s.idle);
        this.set({ state: 'max' }, s.max);
      },
    });
    new Gauge({
      name: 'skinfair_db_pool_waiting',
      help: 'Queries and transactions queued for a database connection',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
  }
  const readPool = database.readPool;
  if (readPool) {
    new Gauge({
      name: 'skinfair_db_read_lag_seconds',
      help: 'Replay lag of the read pool standby (-1 while it cannot be asked); over DB_READ_MAX_LAG_MS reads go to the primary',
      registers: [registry],
      collect() {
        const lag = readPool.lagMs();
        this.set(lag === null ? -1 : Number.isFinite(lag) ? lag / 1000 : 1e9);
      },
    });
    new Gauge({
      name: 'skinfair_db_read_on_standby',
      help: '1 while public reads are served by the standby, 0 while they fall back to the primary',
      registers: [registry],
      collect() {
        this.set(readPool.fresh() ? 1 : 0);
      },
    });
  }
  if (database.onPoolAcquire) {
    const acquire = new Histogram({
      name: 'skinfair_db_pool_acquire_seconds',
      help: 'Time waited for a database connection (including waits that timed out)',
      buckets: ACQUIRE_BUCKETS,
      registers: [registry],
    });
    const unsubscribe = database.onPoolAcquire((ms) => acquire.observe(ms / 1000));
    app.addHook('onClose', async () => void unsubscribe());
  }

  new Gauge({
    name: 'skinfair_live_connections',
    help: 'Live-channel WebSocket connections open on this node',
    registers: [registry],
    collect() {
      this.set(options.liveConnections?.() ?? 0);
    },
  });

  const backlog = new Gauge({ name: 'skinfair_jobs_due', help: 'Background jobs due and not claimed by any node', registers: [site] });
  const oldest = new Gauge({
    name: 'skinfair_jobs_oldest_due_seconds',
    help: 'How long the oldest due, unclaimed job has waited',
    registers: [site],
  });
  const scrapeErrors = new Counter({
    name: 'skinfair_metrics_query_errors_total',
    help: 'Scrapes whose database figures could not be read',
    registers: [registry],
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayScrape(request, options.opsToken)) return sendError(request, reply, 'ROUTE_NOT_FOUND', { httpStatus: 404 });
    // One query per scrape, read here rather than in collect() so a failure drops only these samples.
    backlog.reset();
    oldest.reset();
    try {
      const due = await jobBacklog(database.db);
      backlog.set(due.count);
      oldest.set(due.oldestSeconds);
      await money.refresh();
    } catch (err) {
      scrapeErrors.inc();
      request.log.warn({ err: (err as Error).message }, 'metrics: site figures not readable');
    }
    // A cluster worker answers with every worker's figures; alone (or if the primary does not answer), its own.
    const own = async () => (await registry.metrics()) + (await providerRegistry.metrics());
    const text = ((await aggregatedFromPrimary()) ?? (await own())) + (await site.metrics());
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
  return registry;
}

/** The route pattern, never the raw path: ids and unknown paths must not become label values. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * A scraper on this machine that reached the node directly, or anyone holding OPS_TOKEN. "Directly" is the
 * socket's own address with no forwarding header: behind a proxy on the same machine every request comes
 * from loopback, so without that check the proxy would publish the metrics.
 */
function mayScrape(request: FastifyRequest, opsToken: string | undefined): boolean {
  if (opsToken && bearerMatches(request, opsToken)) return true;
  return isDirectLocalRequest(request);
}
