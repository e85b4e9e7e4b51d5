import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from './types.js';

/**
 * The hot paths' way to the database (issue 11): a few hand-written statements in one transaction, sent
 * without the query builder. On PostgreSQL each statement is a named (server-side prepared) statement,
 * parsed and planned once per connection (unnamed behind a transaction-mode pooler, which cannot keep a
 * prepared statement with one server connection); on PGlite it is one call through the WASM boundary.
 * An opening costs BEGIN, two statements and COMMIT instead of fifteen built queries.
 */
export interface Statement {
  /** Unique per text: PostgreSQL keeps one prepared statement per name and connection. */
  readonly name: string;
  readonly text: string;
}

export function statement(name: string, text: string): Statement {
  return { name, text };
}

export type RawRow = Record<string, unknown>;

export interface RawConnection {
  query<R extends RawRow = RawRow>(s: Statement, values: unknown[]): Promise<R[]>;
  /** The same transaction through Drizzle, for the rare branches that reuse a feature's own helpers. */
  drizzle(): Tx;
}

export interface RawRunner {
  transaction<T>(work: (conn: RawConnection) => Promise<T>): Promise<T>;
  /**
   * One statement on its own, in autocommit: atomic by itself, one round trip (issue 28, decision 0062), for
   * a statement that decides and writes everything it changes (an opening's fast path). Only where it pays:
   * on PostgreSQL with named statements, whose generic plan is made once per connection. Behind a
   * transaction-mode pooler (unnamed statements, planned on every call) and on PGlite (no network round
   * trip to save, the engine's planning and PL/pgSQL are the cost) there is none, and callers take the
   * transaction.
   */
  single?: <R extends RawRow = RawRow>(s: Statement, values: unknown[]) => Promise<R[]>;
}

const runners = new WeakMap<object, RawRunner>();

/** openDatabase registers the runner of each database it opens, so a service holding `db` can reach it. */
export function registerRawRunner(db: Db, runner: RawRunner): void {
  runners.set(db, runner);
}

export function rawRunnerOf(db: Db): RawRunner {
  const runner = runners.get(db);
  if (!runner) throw new Error('this database was not opened by openDatabase: no raw runner');
  return runner;
}

export function pgRawRunner(pool: pg.Pool, options: { namedStatements: boolean } = { namedStatements: true }): RawRunner {
  const named = options.namedStatements;
  const views = new WeakMap<pg.PoolClient, Tx>();
  return {
    ...(named
      ? {
          single: async <R extends RawRow>(s: Statement, values: unknown[]) =>
            (await pool.query<R>({ name: s.name, text: s.text, values })).rows,
        }
      : {}),
    async transaction(work) {
      const client = await pool.connect();
      // A connection whose ROLLBACK failed is broken: the pool must drop it, not hand it out again.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <R extends RawRow>(s: Statement, values: unknown[]) =>
            (await client.query<R>(named ? { name: s.name, text: s.text, values } : { text: s.text, values })).rows,
          drizzle: () => {
            let view = views.get(client);
            if (!view) views.set(client, (view = drizzlePg({ client }) as unknown as Tx));
            return view;
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((e: unknown) => (broken = e instanceof Error ? e : new Error(String(e))));
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}

export function pgliteRawRunner(pglite: PGlite): RawRunner {
  return {
    transaction: (work) =>
      pglite.transaction(async (tx: Transaction) => {
        let view: Tx | undefined;
        return work({
          query: async <R extends RawRow>(s: Statement, values: unknown[]) => (await tx.query<R>(s.text, values)).rows,
          // Drizzle's PGlite session only calls `query` on its client, which a PGlite transaction has.
          drizzle: () => (view ??= drizzlePglite({ client: tx as unknown as PGlite }) as unknown as Tx),
        });
      }),
  };
}
