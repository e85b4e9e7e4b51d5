import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { PG_BIN, startPrimaryAndStandby, type PrimaryAndStandby } from '../../testing/pg-standby.js';
import { openDatabase, type Database } from './client.js';
import { queryRows, toInt } from './rows.js';

/**
 * The read pool's staleness bound against a real streaming standby (decisions/0059): reads leave the
 * standby while its replay is further behind than DB_READ_MAX_LAG_MS, and come back once it catches up.
 * Needs the PostgreSQL server binaries (Debian's postgresql-15, as on CI); a primary and a standby of this
 * test's own run on free ports.
 */
const skipReason = process.env.TEST_DATABASE_URL
  ? PG_BIN
    ? null
    : 'needs PostgreSQL server binaries under /usr/lib/postgresql'
  : 'PostgreSQL runs only';

async function until(what: string, check: () => boolean | Promise<boolean>, whileWaiting?: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await whileWaiting?.();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(skipReason !== null)('the read pool on a streaming standby', () => {
  let cluster: PrimaryAndStandby;
  let database: Database;
  let primary: pg.Client;
  let standby: pg.Client;
  beforeAll(async () => {
    cluster = await startPrimaryAndStandby();
    primary = new pg.Client({ connectionString: cluster.primaryUrl });
    standby = new pg.Client({ connectionString: cluster.standbyUrl });
    await primary.connect();
    await standby.connect();
    await primary.query('CREATE TABLE beats (id serial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
    database = await openDatabase({
      databaseUrl: cluster.primaryUrl,
      poolSize: 2,
      read: { url: cluster.standbyUrl, maxLagMs: 500, checkMs: 100 },
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await primary?.end().catch(() => undefined);
    await standby?.end().catch(() => undefined);
    cluster?.stop();
  });

  // A busy site commits all the time; the lag is measured as the age of the standby's last replayed commit.
  const beat = () => primary.query('INSERT INTO beats DEFAULT VALUES');

  it('reads from the standby while it keeps up, from the primary while its replay is behind the bound, then back', async () => {
    const readPool = database.readPool!;
    await until('the standby keeps up', () => readPool.fresh(), beat);
    expect(database.reads()).toBe(readPool.db);
    expect(readPool.lagMs()).toBeLessThanOrEqual(500);

    await standby.query('SELECT pg_wal_replay_pause()');
    try {
      await until('reads leave the lagging standby', () => !readPool.fresh(), beat);
      expect(readPool.lagMs()).toBeGreaterThan(500);
      expect(database.reads()).toBe(database.db);
    } finally {
      await standby.query('SELECT pg_wal_replay_resume()');
    }
    await until('the standby caught up', () => readPool.fresh(), beat);
    expect(database.reads()).toBe(readPool.db);
    // The standby now serves what was committed while it was paused.
    const newest = Number((await primary.query<{ n: string }>('SELECT max(id) AS n FROM beats')).rows[0]!.n);
    await until('the standby has the newest commit', async () => {
      const [row] = await queryRows<{ n: unknown }>(database.reads(), sql`SELECT max(id) AS n FROM beats`);
      return toInt(row?.n) >= newest;
    });
  });

  it('sends reads to the primary when the standby goes away', async () => {
    standby.on('error', () => undefined);
    cluster.stopStandby();
    await until('reads leave the stopped standby', () => !database.readPool!.fresh());
    expect(database.readPool!.lagMs()).toBeNull();
    expect(database.reads()).toBe(database.db);
  });
});
