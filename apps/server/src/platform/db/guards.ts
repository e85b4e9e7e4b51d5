import { sql } from 'drizzle-orm';
import { queryRows } from './rows.js';
import type { Db, Tx } from './types.js';

/**
 * Limits every app connection works under (issue 26 §6, decisions/0059), so one stuck query or a
 * transaction left open cannot hold row locks for minutes while the pool and every other request wait
 * behind it. Milliseconds; 0 leaves PostgreSQL's own setting (off, or what `ALTER ROLE … SET` gave).
 */
export interface ConnectionGuards {
  /** Longest single statement. Below the HTTP request timeout (30 s), so a stuck query answers "busy". */
  statementTimeoutMs: number;
  /** Longest wait for a row or table lock: a second writer behind a held lock fails fast instead of queueing. */
  lockTimeoutMs: number;
  /** A transaction idle this long (a crashed or hung caller) is ended and its locks released. */
  idleInTransactionTimeoutMs: number;
}

/**
 * The guards as node-postgres sends them: startup parameters of each new connection. A pooler in
 * transaction mode refuses unknown startup parameters (PgBouncer) or would hand them to whichever server
 * connection comes next, so there the role carries them instead (`ALTER ROLE … SET`, docs/DEPLOY.md).
 */
export function guardStartupParameters(guards: ConnectionGuards | undefined) {
  if (!guards) return {};
  return {
    ...(guards.statementTimeoutMs > 0 ? { statement_timeout: guards.statementTimeoutMs } : {}),
    ...(guards.lockTimeoutMs > 0 ? { lock_timeout: guards.lockTimeoutMs } : {}),
    ...(guards.idleInTransactionTimeoutMs > 0 ? { idle_in_transaction_session_timeout: guards.idleInTransactionTimeoutMs } : {}),
  };
}

/** The ledger audit's full scans and reports: minutes, not the pool's seconds, and still not forever. */
export const LONG_READ_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs `work` in one transaction whose statements may run up to `timeoutMs` (0: no limit): the legitimate
 * long readers (the deep ledger audit, reports) lift the pool's statement timeout for themselves only.
 * `SET LOCAL` ends with the transaction, so the connection goes back to the pool with its guard, and it
 * works through a transaction-mode pooler too.
 */
export async function withStatementTimeout<T>(db: Db, timeoutMs: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('statement_timeout', ${String(Math.max(0, Math.trunc(timeoutMs)))}, true)`);
    return work(tx as unknown as Tx);
  });
}

const GUARD_SETTINGS = ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout'] as const;

/**
 * Which guards a connection runs without (`0`, off). Behind a transaction-mode pooler the app cannot send
 * them, so a role nobody ran `ALTER ROLE … SET` for would run unguarded: the node says so at start.
 */
export async function unguardedSettings(db: Db): Promise<string[]> {
  const names = sql.join(
    GUARD_SETTINGS.map((n) => sql`${n}`),
    sql`, `,
  );
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM pg_settings WHERE name IN (${names}) AND setting = '0' ORDER BY name`,
  );
  return rows.map((r) => r.name);
}
