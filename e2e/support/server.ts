import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase, e2ePostgresAdminUrl, newDatabaseName } from './postgres.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** DATABASE_URL when the server runs on PostgreSQL, for the commands a test runs against the same data. */
  databaseEnv: Record<string, string>;
  logs: () => string;
  /** SIGTERM, wait for the exit, then remove the data folder unless `keepData`. */
  stop(options?: { keepData: true }): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The environment a server or command of an end-to-end file inherits: this process's, less the shared
 * services CI exports for the server tests (PostgreSQL, Redis). Each e2e server is a fresh `npm start`, on
 * PGlite or on a database of its own (`startServer`); two running at once must not share one Redis (live
 * events and rate limits would cross).
 */
export function inheritedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _testDatabase, REDIS_URL: _redis, ...rest } = process.env;
  return rest;
}

/** The server bundle `npm start` runs (apps/server/build.mjs); e2e/global-setup.ts builds it when stale. */
const serverBundle = path.join(repoRoot, 'apps/server/dist/main.js');

/** What every end-to-end server runs with, before a file's own `env`. */
const e2eServerEnv = { NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SANDBOX_TOOLS: 'true' };

/**
 * Runs the compiled server, as `npm start` does, on `dataDir` and a free port, and waits for /health.
 * A quiet machine boots in seconds; one loaded by other work (scripts/e2e-under-load.sh, or two files
 * starting at once on 2 cores) was seen to need 90 s to migrate and seed a fresh PGlite.
 */
export async function bootServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: repoRoot,
    env: { ...inheritedEnv(), ...e2eServerEnv, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 180_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    databaseEnv: env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {},
    logs: () => output,
    async stop(options) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!options?.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server on a free port with its own data folder: a copy of the one global-setup migrated and
 * seeded once for the run (a fresh boot's migrations and demo seed were most of each file's start-up). With
 * PostgreSQL (support/postgres.ts) its database is likewise a copy of the run's seeded one, dropped at stop.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skinfair-e2e-'));
  fs.cpSync(inject('e2eTemplateDir'), dataDir, { recursive: true });
  const adminUrl = e2ePostgresAdminUrl();
  const template = inject('e2eTemplateDatabase');
  if (!adminUrl || !template) return bootServer(dataDir, env);
  const name = newDatabaseName('skinfair_e2e');
  await createDatabase(adminUrl, name, template);
  const server = await bootServer(dataDir, { ...env, DATABASE_URL: databaseUrl(adminUrl, name) });
  return {
    ...server,
    async stop(options) {
      await server.stop(options);
      await dropDatabase(adminUrl, name);
    },
  };
}
