import { afterAll, beforeAll } from 'vitest';
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
  let turn: pg.Client | undefined;
  // One process-test file at a time on a PostgreSQL server: each starts nodes with pools of their own and
  // drops or kills them, and two such files side by side ran the server out of connection slots (53300 in
  // a test's own checks). The turn is a session advisory lock, so it is shared by every Vitest worker.
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    turn = new pg.Client({ connectionString: url });
    await turn.connect();
    await turn.query('SELECT pg_advisory_lock(hashtext($1))', ['skinfair:process-tests']);
  }, 20 * 60_000);
  afterAll(async () => {
    try {
      await Promise.all(servers.map((s) => s.stop(2_000)));
      for (const c of cleanups) await c();
    } finally {
      await turn?.end();
    }
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

/** An envelope as a process test reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Envelope = { status: number; msg: string; data: any };

/**
 * Keyed money calls against a node, one loop per stream (a player's calls one after the other, so they
 * never race each other for the per-player in-flight cap), until stopped or out of keys. Answers are
 * counted by kind — a 503 while shutting down has no envelope (`refused`), a thrown fetch is `transport`
 * — and the first answer of each key that got one is kept, to compare with what a retry answers later.
 */
export function keyedTraffic<K extends { key: string }>(
  streams: Array<Iterable<K>>,
  send: (k: K) => Promise<{ httpStatus: number; body: Envelope | null }>,
) {
  const counts = { ok: 0, refused: 0, busy: 0, internal: 0, transport: 0, other: [] as unknown[] };
  const sent: K[] = [];
  const first = new Map<string, Envelope>();
  let running = true;
  const loops = streams.map(async (stream) => {
    for (const k of stream) {
      if (!running) return;
      sent.push(k);
      try {
        const { httpStatus, body } = await send(k);
        if (!body) counts.refused++;
        else {
          first.set(k.key, body);
          if (body.status === 0) counts.ok++;
          else if (body.status === 1008) counts.busy++;
          else if (body.status === 1000 || httpStatus >= 500) counts.internal++;
          else counts.other.push({ key: k.key, status: body.status, msg: body.msg });
        }
      } catch {
        counts.transport++;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
  return {
    counts,
    sent,
    first,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
