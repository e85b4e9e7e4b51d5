import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.js';
import { pgErrorCode } from './pg-errors.js';

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
  for (let attempt = 1; ; attempt++) {
    const callbacks: Array<() => void | Promise<void>> = [];
    try {
      const hook = commitHooks.getStore();
      const result = await db.transaction(async (tx) => {
        const value = await work({ tx: tx as unknown as Tx, afterCommit: (fn) => callbacks.push(fn) });
        if (hook) await hook.beforeCommit(tx as unknown as Tx, value);
        return value;
      });
      hook?.afterCommit();
      await Promise.allSettled(callbacks.map(async (fn) => fn()));
      return result;
    } catch (err) {
      const code = pgErrorCode(err);
      if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
      throw err;
    }
  }
}
