import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig } from '../../testing/test-app.js';
import { createTestDatabase, usingPostgres } from '../../testing/test-db.js';
import { createLiveHub, type LiveHub } from '../live/index.js';
import type { Database } from '../db/client.js';
import { enqueueJob } from '../jobs/index.js';

const OPS_TOKEN = 'Qm7-vT2xLp9Kd4Wz8Rb1Nc6Hj3Fs0Ga_eY';
const silent = { info() {}, warn() {}, error() {}, debug() {} };

let app: FastifyInstance;
let database: Database;
let hub: LiveHub;

beforeAll(async () => {
  database = await createTestDatabase();
  hub = createLiveHub({ logger: silent });
  app = await buildApp({
    config: testConfig({ OPS_TOKEN }),
    database,
    live: { publish: (m) => hub.publish(m), onlineCount: () => hub.onlineCount() },
    liveConnections: () => 3,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await hub.close();
  await database.close();
});

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: 'GET', url: '/metrics', ...options });

/** The value of one sample line, e.g. `name{a="b"} 3`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics (issue 10 §11)', () => {
  it('reports requests and latency per route pattern, event-loop lag, live connections and the job backlog', async () => {
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'GET', url: '/health' });
    await app.inject({ method: 'POST', url: '/api/callback/8812345', payload: {} });
    await app.inject({ method: 'GET', url: '/api/no/such/route/77' });
    await enqueueJob(database.db, { kind: 'metrics-test', runAt: new Date(Date.now() - 60_000) });
    await enqueueJob(database.db, { kind: 'metrics-test', runAt: new Date(Date.now() + 3_600_000) });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(sample(text, 'skinfair_http_requests_total{method="GET",route="/health",status_class="2xx"}')).toBe(2);
    expect(sample(text, 'skinfair_http_request_duration_seconds_count{method="GET",route="/health",status_class="2xx"}')).toBe(2);
    expect(text).toContain('skinfair_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/health",status_class="2xx"}');
    // Path parameters and unknown paths never become label values.
    expect(text).toContain('route="/api/callback/:channelId"');
    expect(sample(text, 'skinfair_http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain('8812345');
    expect(text).not.toContain('/no/such');

    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(sample(text, 'skinfair_live_connections')).toBe(3);
    // Only the job that is due counts; the one an hour ahead is not backlog.
    expect(sample(text, 'skinfair_jobs_due')).toBe(1);
    expect(sample(text, 'skinfair_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(59);
    if (usingPostgres()) {
      expect(sample(text, 'skinfair_db_pool_clients{state="max"}')).toBe(20);
      expect(sample(text, 'skinfair_db_pool_waiting')).toBe(0);
      expect(sample(text, 'skinfair_db_pool_acquire_seconds_count')).toBeGreaterThan(0);
    }
  });

  it('answers a scraper on this machine, or one with the operator token, and nobody else', async () => {
    expect((await scrape({ remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);

    const stranger = await scrape({ remoteAddress: '203.0.113.9' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ status: 1003 });
    expect(stranger.body).not.toContain('skinfair_');
    expect((await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token' } })).statusCode).toBe(404);
    // A reverse proxy on this machine connects from loopback: what it forwards is still a stranger's request.
    expect((await scrape({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await scrape({ remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.9' } })).statusCode).toBe(404);

    const operator = await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(operator.statusCode).toBe(200);
    expect(operator.body).toContain('skinfair_http_requests_total');
  });

  it('keeps each app on its own registry', async () => {
    const other = await buildApp({ config: testConfig(), database, live: { publish() {}, onlineCount: () => 0 } });
    await other.ready();
    try {
      const text = (await other.inject({ method: 'GET', url: '/metrics' })).body;
      expect(text).not.toContain('route="/health"');
      expect(sample(text, 'skinfair_live_connections')).toBe(0);
    } finally {
      await other.close();
    }
  });
});
