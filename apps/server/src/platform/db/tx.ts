import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.js';
import { pgErrorCode } from './pg-errors.js';
import { rawRunnerOf, type RawConnection } from './raw.js';

/**
 * Work to do inside every transaction of the current request, just before it commits: the idempotency
 * layer records the answer to its key there, so a key and its effect commit together or not at all.
 */
export interface CommitHook {
  beforeCommit(tx: Tx, result: unknown): Promise<void>;
  afterCommit(): void;
}
export const commitHooks = new AsyncLocalStorage<CommitHook>();

export interface TxScope {
  tx: Tx;
  /** Runs after the transaction commits; never if it rolls back (design §5: publish after commit). */
  afterCommit(fn: () => void | Promise<void>): void;
}

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected
const MAX_ATTEMPTS = 3;

/**
 * Services own transactions (style-examples). A serialization failure or deadlock is retried with the
 * whole unit of work, so every unit must be safe to run again from the start (it is: nothing escaped).
 */
export async function runInTransaction<T>(db: Db, work: (scope: TxScope) => Promise<T>): Promise<T> {
  return withRetriesAndHooks((hook, afterCommit) =>
    db.transaction(async (tx) => {
      const value = await work({ tx: tx as unknown as Tx, afterCommit });
      if (hook) await hook.beforeCommit(tx as unknown as Tx, value);
      return value;
    }),
  );
}

export interface RawScope {
  conn: RawConnection;
  /** Runs after the transaction commits; never if it rolls back. */
  afterCommit(fn: () => void | Promise<void>): void;
}

/** runInTransaction for the hot paths' hand-written statements (platform/db/raw.ts). */
export async function runRawTransaction<T>(db: Db, work: (scope: RawScope) => Promise<T>): Promise<T> {
  const runner = rawRunnerOf(db);
  return withRetriesAndHooks((hook, afterCommit) =>
    runner.transaction(async (conn) => {
      const value = await work({ conn, afterCommit });
      if (hook) await hook.beforeCommit(conn.drizzle(), value);
      return value;
    }),
  );
}

async function withRetriesAndHooks<T>(
  attempt: (hook: CommitHook | undefined, afterCommit: (fn: () => void | Promise<void>) => void) => Promise<T>,
): Promise<T> {
  for (let n = 1; ; n++) {
    const callbacks: Array<() => void | Promise<void>> = [];
    try {
      const hook = commitHooks.getStore();
      const result = await attempt(hook, (fn) => callbacks.push(fn));
      hook?.afterCommit();
      await Promise.allSettled(callbacks.map(async (fn) => fn()));
      return result;
    } catch (err) {
      const code = pgErrorCode(err);
      if (code && RETRYABLE.has(code) && n < MAX_ATTEMPTS) continue;
      throw err;
    }
  }
}
