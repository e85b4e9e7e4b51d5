import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { serverPaths } from '../paths.js';
import { pgRawRunner, pgliteRawRunner, registerRawRunner } from './raw.js';
import { pgNotifier, pgliteNotifier, registerNotifier } from './notifications.js';
import { guardStartupParameters, type ConnectionGuards } from './guards.js';
import { openReadPool, type ReadPool } from './read-pool.js';
import type { Db } from './types.js';

export type { Db, Tx, Executor } from './types.js';
export { unguardedSettings } from './guards.js';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /**
   * Where a public, read-heavy answer that may lag a little reads from (decisions/0059): the read pool
   * while its standby is within the lag bound, else the primary. Money paths use `db`, never this.
   */
  reads(): Db;
  /** The standby pool behind `reads` (DATABASE_READ_URL); undefined without one and on PGlite. */
  readPool?: ReadPool;
  /** PGlite handle, for dumpDataDir in tests; undefined on PostgreSQL. */
  pglite?: PGlite;
  /** The PostgreSQL pool's clients: open, idle, and requests waiting for one (undefined on PGlite). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /**
   * Applies the committed SQL migrations, then `seed` (base rows, demo data); on PostgreSQL both under one
   * advisory lock, so nodes booting together on an empty database migrate and seed exactly once.
   */
  migrate(seed?: (db: Db) => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /** Calls `observer` with how long each request for a pooled connection waited (failed ones too); PostgreSQL only. */
  onPoolAcquire?(observer: (waitMs: number) => void): () => void;
}

const migrationsFolder = serverPaths.migrations;
const MIGRATION_LOCK_KEY = 727_001; // any constant shared by every node of this product

export interface DatabaseOptions {
  databaseUrl?: string;
  /** A directory, or `memory://` for an in-memory database. */
  pgliteDir?: string;
  /** A dumped data dir (tar) to start from instead of running initdb: ~0.9 s instead of 6–9 s. */
  pgliteTemplate?: Blob;
  poolSize?: number;
  /** How long a query waits for a free pooled connection before failing as "busy". Default 2000 ms. */
  acquireTimeoutMs?: number;
  onPoolError?: (err: Error) => void;
  /** statement, lock and idle-in-transaction timeouts for every pooled connection (guards.ts); none when absent. */
  guards?: ConnectionGuards;
  /**
   * `transaction`: databaseUrl is a pooler in transaction mode (PgBouncer), where consecutive transactions
   * may run on different server connections: unnamed statements, no startup parameters, and everything
   * that needs a session of its own (LISTEN, the migration lock) on `directUrl` (decisions/0059).
   */
  pooler?: 'none' | 'transaction';
  /** A direct connection to the primary for LISTEN and migrations. Default: databaseUrl. */
  directUrl?: string;
  /** A standby for `reads()`, used while its replay lag is at most maxLagMs (checked every checkMs, default 1 s). */
  read?: { url: string; maxLagMs: number; checkMs?: number };
  /** application_name of the pool's connections (pg_stat_activity); the read pool adds "-read". Default "skinfair". */
  applicationName?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.pgliteDir ?? 'memory://', options.pgliteTemplate);
}

async function openPglite(dir: string, template?: Blob): Promise<Database> {
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  // PGlite 0.5 reads options from the first argument only (ARCHITECTURE §10).
  // pgcrypto: the PF v1 roll inside the database (migration 0045) needs its HMAC.
  const pglite = new PGlite({ dataDir: dir, extensions: { pgcrypto }, ...(template ? { loadDataDir: template } : {}) });
  await pglite.waitReady;
  const db = drizzlePglite(pglite) as unknown as Db;
  registerRawRunner(db, pgliteRawRunner(pglite));
  registerNotifier(db, pgliteNotifier(pglite));
  return {
    db,
    engine: 'pglite',
    pglite,
    reads: () => db,
    migrate: async (seed) => {
      await migratePglite(drizzlePglite(pglite), { migrationsFolder });
      await seed?.(db);
    },
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const max = options.poolSize ?? 20;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 2_000;
  const onPoolError = options.onPoolError;
  const viaPooler = options.pooler === 'transaction';
  const directUrl = options.directUrl ?? url;
  const applicationName = options.applicationName ?? 'skinfair';
  // Through a transaction-mode pooler the role carries the guards (ALTER ROLE … SET, docs/DEPLOY.md).
  const connection = { application_name: applicationName, ...(viaPooler ? {} : guardStartupParameters(options.guards)) };
  // A pool of ~20 per process: request concurrency must never become connections (ARCHITECTURE §10).
  // A request waits at most acquireTimeoutMs for a connection, then gets a fast "busy, retry" (issue 10 §3).
  const pool = new pg.Pool({
    ...connection,
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: acquireTimeoutMs,
  });
  // A client losing its server must not crash the process, idle (the pool's 'error') or checked out (the
  // client's own 'error', which has no listener while a query runs): the query in flight fails, the pool
  // drops the broken client and opens a new one on demand (issue 10 §1).
  pool.on('error', (err) => onPoolError?.(err));
  pool.on('connect', (client) => client.on('error', (err) => onPoolError?.(err)));
  const acquireObservers = new Set<(waitMs: number) => void>();
  timeAcquisitions(pool, (ms) => acquireObservers.forEach((observe) => observe(ms)));
  const client = await pool.connect();
  client.release();
  const db = drizzlePg(pool) as unknown as Db;
  registerRawRunner(db, pgRawRunner(pool, { namedStatements: !viaPooler }));
  registerNotifier(db, pgNotifier(withApplicationName(directUrl, `${applicationName}-listen`)));
  const readPool = options.read
    ? await openReadPool({
        url: options.read.url,
        max,
        maxLagMs: options.read.maxLagMs,
        checkMs: options.read.checkMs ?? 1_000,
        acquireTimeoutMs,
        connection: { ...connection, application_name: `${applicationName}-read` },
        ...(onPoolError ? { onError: onPoolError } : {}),
      })
    : undefined;
  const migrate = async (seed?: (db: Db) => Promise<void>) => {
    // A session of its own on the primary: the advisory lock is session state a transaction pooler would lose.
    const conn = new pg.Client({ connectionString: directUrl, application_name: `${applicationName}-migrate` });
    await conn.connect();
    try {
      // A migration may rightly run long (an index on a big table) and wait for the app's locks: no
      // timeouts here, whatever the role's settings say (decisions/0059).
      await conn.query('SET statement_timeout = 0; SET lock_timeout = 0; SET idle_in_transaction_session_timeout = 0');
      await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(conn), { migrationsFolder });
      await seed?.(db);
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await conn.end().catch(() => undefined);
    }
  };
  return {
    db,
    engine: 'postgres',
    reads: () => (readPool?.fresh() ? readPool.db : db),
    ...(readPool ? { readPool } : {}),
    migrate,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: async () => {
      await readPool?.close();
      await pool.end();
    },
    onPoolAcquire: (observer) => {
      acquireObservers.add(observer);
      return () => acquireObservers.delete(observer);
    },
  };
}

/** The URL's own application_name wins; otherwise the one given, so pg_stat_activity tells the connections apart. */
function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('application_name')) u.searchParams.set('application_name', name);
  return u.toString();
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, release: (err?: Error | boolean) => void) => void;

/**
 * Times every checkout, including the ones pg makes itself for `pool.query` (it calls `this.connect`, which
 * this own property shadows): waiting for a connection is where an exhausted pool shows first.
 */
function timeAcquisitions(pool: pg.Pool, observe: (waitMs: number) => void): void {
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const timed = (cb?: ConnectCallback) => {
    const started = performance.now();
    if (cb) {
      return connect((err, client, release) => {
        observe(performance.now() - started);
        cb(err, client, release);
      });
    }
    return (connect() as Promise<pg.PoolClient>).finally(() => observe(performance.now() - started));
  };
  pool.connect = timed as typeof pool.connect;
}
