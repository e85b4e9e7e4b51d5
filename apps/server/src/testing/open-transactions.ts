import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client.js';
import { queryRows, toInt } from '../platform/db/rows.js';

/**
 * Transactions other connections hold open on this test database right now, for tests that call it from
 * inside an outside call (a provider stub answering) to prove no transaction waits on that call
 * (issue 26 §7). PostgreSQL: backends idle in a transaction, from pg_stat_activity. PGlite has one
 * connection and queues every query behind an open transaction, so this query cannot even run then: the
 * test would hang rather than pass.
 */
export async function openTransactions(database: Database): Promise<number> {
  if (database.engine === 'pglite') {
    await database.db.execute(sql`SELECT 1`);
    return 0;
  }
  const [row] = await queryRows<{ n: unknown }>(
    database.db,
    sql`SELECT count(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
  );
  return toInt(row?.n);
}
