/**
 * One player flooding money calls vs everyone else (issue 10 §3). The server runs in its own process on
 * PostgreSQL, as `npm start` would; this process generates the load:
 *   - normal players: BENCH_PLAYERS (20) players, each opening a box at a steady BENCH_RATE (4) per second
 *     (open loop: a slow answer does not slow the arrivals), for BENCH_SECONDS (8) per phase;
 *   - the flood: one player's token from 50 addresses (X-Forwarded-For through a trusted proxy), as many
 *     openings as BENCH_FLOOD_CONCURRENCY (100) connections can send.
 * Phases: normal alone, then normal + flood, with the per-player limits and load shedding on, and once
 * more with them effectively off (the "before"). Reports the normal players' p50/p99 in each phase.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/flood.ts
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { givenSession, givenUser } from '../apps/server/src/testing/factories.js';
import { startServerProcess } from '../apps/server/src/testing/server-process.js';

const adminUrl = process.env.BENCH_DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const playersN = Number(process.env.BENCH_PLAYERS ?? 20);
const rate = Number(process.env.BENCH_RATE ?? 4);
const floodConcurrency = Number(process.env.BENCH_FLOOD_CONCURRENCY ?? 100);
const BOX_ID = 3;

interface Stats {
  n: number;
  ok: number;
  refused: number;
  /** Refusals by envelope status (1004 rate limited, 1008 busy, -1 transport error). */
  byStatus: Record<string, number>;
  p50: number;
  p99: number;
}

function summarize(latencies: number[], ok: number, byStatus: Record<string, number>): Stats {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const refused = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { n: latencies.length, ok, refused, byStatus, p50: pct(0.5), p99: pct(0.99) };
}

async function openOnce(url: string, token: string, forwardedFor?: string) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/case/openCase`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/x-www-form-urlencoded', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: `caseId=${BOX_ID}&number=1`,
  });
  const body = (await res.json()) as { status: number };
  return { ms: performance.now() - t0, status: body.status };
}

/** Each normal player opens at `rate` per second for `seconds`, whatever the answers' latency. */
async function normalLoad(url: string, tokens: string[]): Promise<Stats> {
  const latencies: number[] = [];
  let ok = 0;
  const byStatus: Record<string, number> = {};
  const refuse = (status: number) => void (byStatus[status] = (byStatus[status] ?? 0) + 1);
  const pending: Promise<void>[] = [];
  const interval = 1000 / rate;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, i) => {
      await new Promise((r) => setTimeout(r, (interval * i) / tokens.length));
      for (let k = 0; started + k * interval < started + seconds * 1000; k++) {
        const due = started + (interval * i) / tokens.length + k * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        pending.push(
          openOnce(url, token).then(
            (r) => {
              latencies.push(r.ms);
              if (r.status === 0) ok++;
              else refuse(r.status);
            },
            () => refuse(-1),
          ),
        );
      }
    }),
  );
  await Promise.all(pending);
  return summarize(latencies, ok, byStatus);
}

async function flood(url: string, token: string, until: () => boolean) {
  let ok = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: floodConcurrency }, async (_, i) => {
      const address = `198.51.100.${(i % 50) + 1}`;
      while (!until()) {
        try {
          const r = await openOnce(url, token, address);
          if (r.status === 0) ok++;
          else refused++;
        } catch {
          refused++;
        }
      }
    }),
  );
  return { ok, refused };
}

async function scenario(label: string, dbUrl: string, tokens: string[], flooder: string, env: Record<string, string>) {
  const server = await startServerProcess({
    DATABASE_URL: dbUrl,
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...env,
  });
  await server.ready();
  await normalLoad(server.url, tokens.slice(0, 5)); // warm-up
  const alone = await normalLoad(server.url, tokens);
  let stop = false;
  const flooding = flood(server.url, flooder, () => stop);
  await new Promise((r) => setTimeout(r, 1000));
  const during = await normalLoad(server.url, tokens);
  stop = true;
  const f = await flooding;
  await server.stop();
  console.log(
    `${label} | ${alone.p50.toFixed(1)} | ${alone.p99.toFixed(1)} | ${during.p50.toFixed(1)} | ${during.p99.toFixed(1)} | ${(during.p99 / alone.p99).toFixed(2)} | ${during.refused} ${JSON.stringify(during.byStatus)} | ${f.ok} | ${f.refused}`,
  );
}

async function main() {
  if (!adminUrl) throw new Error('set BENCH_DATABASE_URL (the flood is about the PostgreSQL pool)');
  const name = `skinfair_flood_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    await database.migrate(async (db) => {
      const { ensureBaseRows } = await import('../apps/server/src/seed/index.js');
      await ensureBaseRows(db);
    });
    const tokens: string[] = [];
    for (let i = 0; i < playersN; i++)
      tokens.push(await givenSession(database.db, (await givenUser(database.db, { coinsFen: 1_000_000_000 })).id));
    const flooder = await givenSession(database.db, (await givenUser(database.db, { coinsFen: 1_000_000_000_000 })).id);
    await database.close();

    console.log(
      `cpus=${os.cpus().length} (${os.cpus()[0]?.model}) node=${process.version} players=${playersN}×${rate}/s seconds=${seconds} flood=${floodConcurrency} connections, 1 player, 50 addresses`,
    );
    console.log(
      'limits | alone p50 ms | alone p99 ms | flood p50 ms | flood p99 ms | p99 ratio | normal refused | flood ok | flood refused',
    );
    await scenario('off (before)', url.toString(), tokens, flooder, {
      MONEY_CALLS_PER_USER_PER_SECOND: '1000000',
      MONEY_CALLS_IN_FLIGHT_PER_USER: '1000000',
      TOKEN_CALLS_PER_SECOND: '1000000',
      SHED_POOL_WAITING: '1000000',
    });
    await scenario('on (defaults)', url.toString(), tokens, flooder, {});
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
