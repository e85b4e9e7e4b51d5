import { afterAll } from 'vitest';
import pg from 'pg';
import { createPostgresTestDatabase } from './test-db.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/**
 * Real server processes and PostgreSQL databases a test file makes: after its tests every process is
 * stopped, then every database closed (and dropped). `defaults` is the environment each process starts
 * with (limits lifted so the test's own load is not refused), before the test's own settings.
 */
export function processPool(defaults: Record<string, string>) {
  const servers: ServerProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop(2_000)));
    for (const c of cleanups) await c();
  });
  return {
    /** A process that is up; `waitFor` false returns it starting (to watch it boot). */
    async server(env: Record<string, string>, waitFor = true): Promise<ServerProcess> {
      const s = await startServerProcess({ ...defaults, ...env });
      servers.push(s);
      if (waitFor) await s.ready();
      return s;
    },
    /** A process started elsewhere that this file must still stop. */
    adopt(s: ServerProcess): ServerProcess {
      servers.push(s);
      return s;
    },
    async database(adminUrl: string, options: { empty?: boolean } = {}) {
      const made = await createPostgresTestDatabase(adminUrl, options);
      cleanups.push(() => made.database.close());
      return made;
    },
  };
}

/** Limits lifted for a test that drives many calls through a handful of players. */
export const unlimited = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '1000000',
  MONEY_CALLS_PER_USER_PER_SECOND: '100000',
  TOKEN_CALLS_PER_SECOND: '100000',
};

/**
 * Drops every connection to database `name` (the app's, and the test's own pool, which reconnects as the
 * app's does) `rounds` times, 300 ms apart: a database restart or failover as the app sees it.
 * Returns how many connections were terminated.
 */
export async function terminateConnections(adminUrl: string, name: string, rounds = 1): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let terminated = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, 300));
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      terminated += rowCount ?? 0;
    }
  } finally {
    await admin.end();
  }
  return terminated;
}
