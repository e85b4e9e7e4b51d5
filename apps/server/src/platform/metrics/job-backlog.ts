import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';

/**
 * Jobs that are due and that no node holds a lease on: the same condition claimDueJobs uses, so a backlog
 * that grows means the nodes' runners are not keeping up (or none runs). The partial index jobs_due keeps
 * it cheap at scrape time.
 */
export async function jobBacklog(ex: Executor): Promise<{ count: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ count: unknown; oldest_s: unknown }>(
    ex,
    sql`SELECT count(*) AS count, COALESCE(EXTRACT(EPOCH FROM now() - min(run_at)), 0)::float8 AS oldest_s
        FROM jobs
        WHERE state = 'pending' AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())`,
  );
  return { count: toInt(row?.count), oldestSeconds: Math.max(0, Number(row?.oldest_s ?? 0)) };
}
