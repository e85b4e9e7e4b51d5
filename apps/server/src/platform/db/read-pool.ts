import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './types.js';

/**
 * The read pool (issue 26 §4, decisions/0059): public, read-heavy answers (transparency, the drop feeds,
 * box lists and pages, ranks) may come from a standby, never a money path. How far behind the standby is
 * gets measured every `checkMs`; while it is further behind than `maxLagMs`, or cannot be asked, reads go
 * back to the primary. So what a reader sees contains every commit older than maxLagMs + checkMs.
 */
export interface ReadPool {
  db: Db;
  /** The standby's last measured lag in ms; null until measured or while it cannot be reached. */
  lagMs(): number | null;
  /** True while reads may use the standby (measured and within the bound). */
  fresh(): boolean;
  /** Connections checked out for reads so far (the lag checks not counted): how a test sees where reads went. */
  checkouts(): number;
  close(): Promise<void>;
}

export interface ReadPoolOptions {
  url: string;
  max: number;
  maxLagMs: number;
  checkMs: number;
  acquireTimeoutMs: number;
  /** Startup parameters every connection carries (guards, application_name). */
  connection: pg.PoolConfig;
  onError?: (err: Error) => void;
}

/**
 * Lag as the age of the last transaction the standby replayed, on the standby's clock: conservative (a
 * quiet primary with nothing to replay also reads as lagging, and reads simply stay on the primary while
 * it is quiet) and true when the standby has lost its primary, where "received = replayed" would say 0.
 * On a primary (a test, or a read URL that is the primary itself) there is no lag.
 */
const LAG_SQL = `SELECT CASE WHEN pg_is_in_recovery()
  THEN coalesce(extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 'Infinity'::float8)
  ELSE 0 END::float8 AS lag_ms`;

export async function openReadPool(options: ReadPoolOptions): Promise<ReadPool> {
  const pool = new pg.Pool({
    ...options.connection,
    connectionString: options.url,
    max: options.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.acquireTimeoutMs,
  });
  pool.on('error', (err) => options.onError?.(err));
  pool.on('connect', (client) => client.on('error', (err) => options.onError?.(err)));
  let checkouts = 0;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    checkouts++;
    return connect(...args);
  }) as typeof pool.connect;

  let lag: number | null = null;
  // A client of its own: the check must neither count as a read nor wait behind a saturated read pool.
  let checker: pg.Client | undefined;
  const check = async () => {
    try {
      if (!checker) {
        const client = new pg.Client({ ...options.connection, connectionString: options.url, connectionTimeoutMillis: options.checkMs });
        client.on('error', () => undefined);
        checker = client;
        await client.connect();
      }
      const { rows } = await checker.query<{ lag_ms: number }>(LAG_SQL);
      lag = Number(rows[0]?.lag_ms);
    } catch (err) {
      lag = null;
      void checker?.end().catch(() => undefined);
      checker = undefined;
      options.onError?.(err instanceof Error ? err : new Error(String(err)));
    }
  };
  await check();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      void check().finally(() => {
        if (!stopped) loop();
        else void checker?.end().catch(() => undefined);
      });
    }, options.checkMs);
    timer.unref();
  };
  loop();
  return {
    db: drizzlePg(pool) as unknown as Db,
    lagMs: () => lag,
    fresh: () => lag !== null && lag <= options.maxLagMs,
    checkouts: () => checkouts,
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      await checker?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
