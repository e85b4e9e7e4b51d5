import { afterAll, describe, expect, it } from 'vitest';
import { processPool, unlimited } from './testing/process-pool.js';
import { hasRedisSentinel, hasRedisServer, startOwnRedis, startOwnSentinel, type OwnRedis } from './testing/redis-instances.js';

/**
 * Redis is optional at run time (issue 26 §10), seen from outside a real process: a node whose Redis dies
 * stays ready (degraded, said in the body), keeps answering, and is whole again when Redis returns. And the
 * node finds Redis through Sentinel when told to (REDIS_SENTINELS, REDIS_SENTINEL_NAME).
 */
const pool = processPool({ ...unlimited, JOBS_ENABLED: 'false' });
const owned: OwnRedis[] = [];
afterAll(async () => {
  for (const r of owned) await r.stop();
});

type Ready = { status: number; data: { ready: boolean; degraded: boolean; redis: { ok: boolean; state: string } | null } };
async function readiness(url: string): Promise<{ http: number; body: Ready }> {
  const res = await fetch(`${url}/health/ready`);
  return { http: res.status, body: (await res.json()) as Ready };
}
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasRedisServer)('a node whose Redis dies mid-way (issue 26 §10)', () => {
  it('stays ready with Redis reported degraded, keeps answering, and recovers when Redis returns', async () => {
    const redis = await startOwnRedis();
    owned.push(redis);
    const s = await pool.server({ REDIS_URL: redis.url });
    expect(await readiness(s.url)).toMatchObject({
      http: 200,
      body: { data: { ready: true, degraded: false, redis: { ok: true, state: 'up' } } },
    });

    await redis.kill();
    await until(async () => (await readiness(s.url)).body.data.redis?.ok === false, 10_000, 'Redis seen down');
    const down = await readiness(s.url);
    expect(down).toMatchObject({
      http: 200,
      body: { status: 0, data: { ready: true, degraded: true, redis: { ok: false, state: 'degraded' } } },
    });
    // Requests still work: rate limits count in this node's memory meanwhile.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${s.url}/api/common/sysConfig`);
      expect(((await res.json()) as { status: number }).status).toBe(0);
    }
    // The metric an alert watches says the same.
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toMatch(/^skinfair_redis_fallback 1$/m);

    await redis.start();
    await until(async () => (await readiness(s.url)).body.data.redis?.ok === true, 20_000, 'Redis seen back');
    expect((await readiness(s.url)).body.data.degraded).toBe(false);
    expect(await (await fetch(`${s.url}/metrics`)).text()).toMatch(/^skinfair_redis_fallback 0$/m);
  }, 120_000);
});

describe('a node that finds Redis through Sentinel', () => {
  const reason = !hasRedisSentinel
    ? 'redis-sentinel is not installed (Debian package redis-sentinel)'
    : !hasRedisServer
      ? 'no redis-server'
      : '';
  it.skipIf(reason !== '')(
    `connects to the master the Sentinel names${reason ? ` (skipped: ${reason})` : ''}`,
    async () => {
      const master = await startOwnRedis();
      owned.push(master);
      const sentinel = await startOwnSentinel({ host: '127.0.0.1', port: master.port }, 'skinfair-proc');
      owned.push(sentinel);
      const s = await pool.server({ REDIS_SENTINELS: `127.0.0.1:${sentinel.port}`, REDIS_SENTINEL_NAME: 'skinfair-proc' });
      expect(await readiness(s.url)).toMatchObject({ http: 200, body: { data: { degraded: false, redis: { ok: true } } } });
      // Its rate-limit counters live on that master.
      await fetch(`${s.url}/api/common/sysConfig`);
      const { Redis } = await import('ioredis');
      const direct = new Redis(master.url);
      try {
        expect((await direct.keys('skinfair-rl:*')).length).toBeGreaterThan(0);
      } finally {
        direct.disconnect();
      }
    },
    120_000,
  );
});
