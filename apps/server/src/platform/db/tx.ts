import type { Db, Tx } from './client.js';
import { pgErrorCode } from './pg-errors.js';

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
      const result = await db.transaction(async (tx) =>
        work({ tx: tx as unknown as Tx, afterCommit: (fn) => callbacks.push(fn) }),
      );
      await Promise.allSettled(callbacks.map(async (fn) => fn()));
      return result;
    } catch (err) {
      const code = pgErrorCode(err);
      if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
      throw err;
    }
  }
}
