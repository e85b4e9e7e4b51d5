import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';
import { runInTransaction } from '../db/tx.js';

/**
 * A budget of guesses at one secret (a password): `free` guesses, then each further guess only after a
 * wait that doubles from `firstWaitMs` up to `maxWaitMs`. Quiet for `forgetMs`, the budget is whole again.
 * Quiet counts from the end of the last wait, not from the last guess: a guesser who only ever waits out
 * the longest wait (equal to `forgetMs` in some budgets) would otherwise get the free guesses back each time.
 */
export interface GuessBudget {
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetMs: number;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Reserves one guess BEFORE the secret is checked, under a row lock, so concurrent guesses are counted
 * one by one and no more than the budget is ever checked (issue 9 §3). A guess that turns out right is
 * given back by the caller (reset or release); a wrong one stays counted.
 */
export async function reserveGuess(db: Db, key: string, budget: GuessBudget): Promise<Reservation> {
  return runInTransaction(db, async ({ tx }) => {
    await tx.execute(sql`INSERT INTO throttles (key, window_started_at, count) VALUES (${key}, now(), 0) ON CONFLICT (key) DO NOTHING`);
    const [row] = await queryRows<{ count: unknown; wait_ms: unknown; stale: boolean }>(
      tx,
      sql`SELECT count,
            greatest(0, extract(epoch FROM (coalesce(blocked_until, now()) - now())) * 1000)::bigint AS wait_ms,
            coalesce(blocked_until, window_started_at) <= now() - make_interval(secs => ${budget.forgetMs / 1000}) AS stale
          FROM throttles WHERE key = ${key} FOR UPDATE`,
    );
    const waitMs = toInt(row?.wait_ms);
    if (waitMs > 0) return { allowed: false, retryAfterMs: waitMs };
    const count = row?.stale ? 1 : toInt(row?.count) + 1;
    const nextWaitMs = count >= budget.free ? Math.min(budget.firstWaitMs * 2 ** (count - budget.free), budget.maxWaitMs) : 0;
    await tx.execute(
      sql`UPDATE throttles SET count = ${count}, window_started_at = now(),
            blocked_until = ${nextWaitMs > 0 ? sql`now() + make_interval(secs => ${nextWaitMs / 1000})` : sql`NULL`}
          WHERE key = ${key}`,
    );
    return { allowed: true };
  });
}
