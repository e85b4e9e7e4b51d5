import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBaseRows } from '../../apps/server/src/seed/index.js';
import { givenSession, givenUser } from '../../apps/server/src/testing/factories.js';
import { startServerProcess } from '../../apps/server/src/testing/server-process.js';
import { openBenchDatabase } from '../support.js';
import { pgbenchCeiling, pgliteCeiling, type CeilingScript } from './ceiling.js';
import { closedLoop, openLoop, type DriveResult } from './drive.js';
import type { Answer } from './keep-alive-client.js';

/**
 * One game call over HTTP against the server in its own process, next to the database's own ceiling for
 * the same writes measured in the same run (bench/ceiling). The load comes from this process, never from
 * inside the server: one keep-alive connection and one token per player. Shared by the openings' and the
 * dreams' benchmarks; the options are read from the environment (see bench/open-box-http.ts).
 */
export interface GameBench {
  /** What is measured, for the report's first line. */
  title: string;
  ceiling: CeilingScript;
  /** Once the server is up: the request player i sends next (a prebuilt buffer, or a fresh one per call). */
  requests: (port: number, tokens: string[]) => Promise<(player: number) => Buffer>;
  isOk: (answer: Answer) => boolean;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 50);
const workerLevels = (process.env.BENCH_WORKERS ?? '1').split(',').map(Number);
const profile = process.env.BENCH_PROFILE === '1';
const poolTotal = Number(process.env.BENCH_POOL ?? 20);
/** More settings for the server, e.g. BENCH_SERVER_ENV='{"SESSION_CACHE_MS":"0"}'. */
const serverEnv = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>;
const rateFraction = Number(process.env.BENCH_RATE_FRACTION ?? 0.5);
const adminUrl = process.env.BENCH_DATABASE_URL;

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

const fmt = (r: DriveResult) =>
  `${r.perSecond.toFixed(0)}/s p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms max ${r.max.toFixed(0)} ms${r.failed ? ` (${r.failed} failed: ${r.firstFailure})` : ''}`;

export async function runGameBench(bench: GameBench): Promise<void> {
  const engine = adminUrl ? 'postgresql' : 'pglite';
  console.log(
    `# ${bench.title} over HTTP — ${new Date().toISOString()} ${engine} cpus=${os.cpus().length} (${os.cpus()[0]?.model}) node=${process.version} players=${playerCount} seconds=${seconds}`,
  );
  const ceiling = adminUrl ? pgbenchCeiling(adminUrl, seconds, 50, bench.ceiling) : pgliteCeiling(seconds, bench.ceiling);
  console.log(
    `ceiling (${adminUrl ? `pgbench -M prepared -c 50 ${bench.ceiling.pgbench}` : bench.ceiling.pglite}): ${ceiling.toFixed(0)} tx/s`,
  );
  // The server as production runs it: the compiled bundle (rebuilt when its sources changed), not tsx.
  execFileSync(process.execPath, ['apps/server/build.mjs', '--if-stale'], { stdio: 'inherit' });
  const { env, tokens, cleanup } = await prepareDatabase();
  try {
    for (const workers of workerLevels) {
      const profileDir = path.resolve('bench/profiles');
      if (profile) fs.mkdirSync(profileDir, { recursive: true });
      const server = await startServerProcess(
        {
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
        },
        { ...(profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}) },
      );
      try {
        await server.ready();
        const next = await bench.requests(server.port, tokens);
        await closedLoop(server.port, playerCount, next, Math.min(6, seconds), bench.isOk); // warm-up: JIT, caches, pool, plans
        const max = await closedLoop(server.port, playerCount, next, seconds, bench.isOk);
        console.log(
          `workers=${workers} closed loop, ${playerCount} players: ${fmt(max)} = ${(max.perSecond / ceiling).toFixed(2)} × ceiling`,
        );
        const rate = Math.max(1, Math.round(max.perSecond * rateFraction));
        const steady = await openLoop(server.port, playerCount, next, rate, seconds, bench.isOk);
        console.log(`workers=${workers} open loop at ${rate}/s (${rateFraction} × max): ${fmt(steady)}`);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await cleanup();
  }
}

export { openingCeiling, dreamCeiling } from './ceiling.js';
