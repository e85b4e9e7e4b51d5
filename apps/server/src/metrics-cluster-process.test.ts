import { describe, expect, it } from 'vitest';
import { processPool, unlimited } from './testing/process-pool.js';

/**
 * Issue 26 §12: with WORKERS=2 a scrape reaches one worker, yet counts what both served. Each request goes
 * on a new connection, which the primary deals to the workers in turn, so both serve some of them; the
 * totals in every scrape must be the sum, whichever worker answers it. On PostgreSQL only: PGlite admits
 * one process.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const pool = processPool({ ...unlimited, JOBS_ENABLED: 'false', SEED_DEMO: 'false' });

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
const fresh = { headers: { connection: 'close' } };

describe.runIf(adminUrl)('/metrics with WORKERS=2 (prom-client cluster aggregation)', () => {
  it('sums both workers in every scrape and says how many reported', async () => {
    const { url } = await pool.database(adminUrl!);
    const s = await pool.server({ DATABASE_URL: url, WORKERS: '2', DB_POOL_SIZE: '5', LOG_LEVEL: 'info' });
    const started = Date.now();
    while (!/"msg":"2 workers serving"/.test(s.output())) {
      if (Date.now() - started > 60_000) throw new Error(`workers not serving:\n${s.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const series = 'skinfair_http_requests_total{method="GET",route="/health",status_class="2xx"}';
    const N = 40;
    for (let i = 0; i < N; i++) {
      const res = await fetch(`${s.url}/health`, fresh);
      await res.text();
    }
    // Several scrapes on new connections reach both workers; every answer must show all N.
    for (let i = 0; i < 6; i++) {
      const text = await (await fetch(`${s.url}/metrics`, fresh)).text();
      expect(sample(text, series)).toBe(N);
      expect(sample(text, 'skinfair_cluster_workers{state="reporting"}')).toBe(2);
      expect(sample(text, 'skinfair_cluster_workers{state="missing"}')).toBe(0);
      // Site-wide figures once, not once per worker.
      expect(text.match(/^skinfair_jobs_due /gm)).toHaveLength(1);
      expect(sample(text, 'skinfair_db_pool_clients{state="max"}')).toBe(2 * 5);
    }
    expect(s.output()).not.toMatch(/"level":50/);
  }, 180_000);
});
