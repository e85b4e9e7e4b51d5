/**
 * Case openings over HTTP against the server in its own process, next to the database's own ceiling for an
 * opening's writes measured in the same run (issue 11; bench/ceiling: pgbench on PostgreSQL, pglite-raw.mjs
 * on PGlite). The load comes from this process, never from inside the server: one keep-alive connection
 * and one token per player.
 *
 *   npx tsx bench/open-box-http.ts                                                         # PGlite (npm start's default)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/open-box-http.ts
 *
 * Options: BENCH_SECONDS (10), BENCH_PLAYERS (50), BENCH_WORKERS ("1", e.g. "1,2": server processes,
 * PostgreSQL only), BENCH_KEYS=1 (send an Idempotency-Key with each opening), BENCH_PROFILE=1 (write a CPU
 * profile of the server to bench/profiles/), BENCH_RATE_FRACTION (0.5: the open-loop rate as a share of
 * the closed-loop maximum), BENCH_POOL (20: connections per run, split between the workers),
 * BENCH_SERVER_ENV (JSON of more server settings).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ensureBaseRows } from '../apps/server/src/seed/index.js';
import { givenSession, givenUser } from '../apps/server/src/testing/factories.js';
import { startServerProcess } from '../apps/server/src/testing/server-process.js';
import { pgbenchCeiling, pgliteCeiling } from './load/ceiling.js';
import { closedLoop, openLoop, type DriveResult } from './load/drive.js';
import { formPost, type Answer } from './load/keep-alive-client.js';
import { openBenchDatabase } from './support.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 50);
const workerLevels = (process.env.BENCH_WORKERS ?? '1').split(',').map(Number);
const withKeys = process.env.BENCH_KEYS === '1';
const profile = process.env.BENCH_PROFILE === '1';
const poolTotal = Number(process.env.BENCH_POOL ?? 20);
/** More settings for the server, e.g. BENCH_SERVER_ENV='{"SESSION_CACHE_MS":"0"}'. */
const serverEnv = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;
const rateFraction = Number(process.env.BENCH_RATE_FRACTION ?? 0.5);
const adminUrl = process.env.BENCH_DATABASE_URL;
const BOX_ID = 3;

const isOpened = (a: Answer) => a.statusCode === 200 && a.body.startsWith('{"status":0');

async function prepareDatabase(): Promise<{ env: Record<string, string>; tokens: string[]; cleanup: () => Promise<void> }> {
  // PGlite: a data folder the server process opens once this process has closed it (one process at a time).
  const dataDir = adminUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-bench-'));
  const opened = await openBenchDatabase(adminUrl, { poolSize: 4, ...(dataDir ? { pgliteDir: path.join(dataDir, 'pg') } : {}) });
  const { database } = opened;
  await database.migrate();
  await ensureBaseRows(database.db);
  const tokens: string[] = [];
  for (let i = 0; i < playerCount; i++) {
    const user = await givenUser(database.db, { coinsFen: 1_000_000_000_000 });
    tokens.push(await givenSession(database.db, user.id));
  }
  await database.close();
  // config.ts keeps PGlite's files in DATA_DIR/pg.
  const env: Record<string, string> = opened.url ? { DATABASE_URL: opened.url } : { DATA_DIR: dataDir! };
  const cleanup = async () => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    else await opened.cleanup();
  };
  return { env, tokens, cleanup };
}

const fmt = (r: DriveResult) => `${r.perSecond.toFixed(0)}/s p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms max ${r.max.toFixed(0)} ms${r.failed ? ` (${r.failed} failed: ${r.firstFailure})` : ''}`;

async function main() {
  const engine = adminUrl ? 'postgresql' : 'pglite';
  console.log(`# openings over HTTP — ${new Date().toISOString()} ${engine} cpus=${os.cpus().length} (${os.cpus()[0]?.model}) node=${process.version} players=${playerCount} seconds=${seconds} keys=${withKeys}`);
  const ceiling = adminUrl ? pgbenchCeiling(adminUrl, seconds) : pgliteCeiling(seconds);
  console.log(`ceiling (${adminUrl ? 'pgbench -M prepared -c 50' : 'pglite-raw.mjs'}): ${ceiling.toFixed(0)} tx/s`);
  // The server as production runs it: the compiled bundle (rebuilt when its sources changed), not tsx.
  execFileSync(process.execPath, ['apps/server/build.mjs', '--if-stale'], { stdio: 'inherit' });
  const { env, tokens, cleanup } = await prepareDatabase();
  try {
    for (const workers of workerLevels) {
      const profileDir = path.resolve('bench/profiles');
      if (profile) fs.mkdirSync(profileDir, { recursive: true });
      const server = await startServerProcess({
        ...env,
        ...(adminUrl ? { WORKERS: String(workers), DB_POOL_SIZE: String(Math.max(4, Math.round(poolTotal / workers))) } : {}),
        LOG_LEVEL: 'warn',
        JOBS_ENABLED: 'false',
        SEED_DEMO: 'false',
        RATE_LIMIT_PER_MINUTE: '100000000',
        MONEY_CALLS_PER_USER_PER_SECOND: '1000000',
        MONEY_CALLS_IN_FLIGHT_PER_USER: '1000',
        TOKEN_CALLS_PER_SECOND: '1000000',
        SHED_POOL_WAITING: '100000',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        ...serverEnv,
      }, { compiled: true, ...(profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}) });
      try {
        await server.ready();
        const plain = tokens.map((token) => formPost('/api/case/openCase', { token }, `caseId=${BOX_ID}&number=1`));
        // With keys every request is new (a repeated key would only replay its first answer).
        const next = withKeys
          ? (i: number) => formPost('/api/case/openCase', { token: tokens[i]!, 'idempotency-key': `bench-${randomBytes(8).toString('hex')}` }, `caseId=${BOX_ID}&number=1`)
          : (i: number) => plain[i]!;
        await closedLoop(server.port, playerCount, next, Math.min(6, seconds), isOpened); // warm-up: JIT, caches, pool, plans
        const max = await closedLoop(server.port, playerCount, next, seconds, isOpened);
        console.log(`workers=${workers} closed loop, ${playerCount} players: ${fmt(max)} = ${(max.perSecond / ceiling).toFixed(2)} × ceiling`);
        const rate = Math.max(1, Math.round(max.perSecond * rateFraction));
        const steady = await openLoop(server.port, playerCount, next, rate, seconds, isOpened);
        console.log(`workers=${workers} open loop at ${rate}/s (${rateFraction} × max): ${fmt(steady)}`);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
