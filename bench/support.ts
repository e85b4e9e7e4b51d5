import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/platform/db/client.js';

/** Runs `op` from `concurrency` workers for `seconds`; returns the rate and latency percentiles. */
export async function measure(concurrency: number, seconds: number, op: (worker: number) => Promise<unknown>) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await op(worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { perSecond: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99) };
}

/**
 * PGlite (in memory, or in `pgliteDir` for a server process to open afterwards), or a fresh PostgreSQL
 * database whose URL is returned and which cleanup drops.
 */
export async function openBenchDatabase(
  adminUrl: string | undefined,
  options: { pgliteDir?: string; poolSize?: number } = {},
): Promise<{ database: Database; url?: string; cleanup: () => Promise<void> }> {
  if (!adminUrl) {
    const database = await openDatabase({ pgliteDir: options.pgliteDir ?? 'memory://' });
    return { database, cleanup: () => database.close() };
  }
  const name = `skinfair_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: options.poolSize ?? 20 });
  let closed = false;
  return {
    database,
    url: url.toString(),
    cleanup: async () => {
      if (!closed) await database.close().catch(() => undefined);
      closed = true;
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
