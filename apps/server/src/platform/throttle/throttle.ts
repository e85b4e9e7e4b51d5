import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';

export interface ThrottleResult {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/**
 * Counts one event in a fixed window shared by every node (the database holds it, so a restart or a
 * second node cannot reset a limit). `allowed` is false once the count passes `limit`.
 */
export async function hitThrottle(ex: Executor, key: string, windowMs: number, limit: number): Promise<ThrottleResult> {
  const [row] = await queryRows<{ count: unknown; retry_ms: unknown }>(
    ex,
    sql`INSERT INTO throttles (key, window_started_at, count) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN throttles.window_started_at <= now() - make_interval(secs => ${windowMs / 1000})
                       THEN 1 ELSE throttles.count + 1 END,
          window_started_at = CASE WHEN throttles.window_started_at <= now() - make_interval(secs => ${windowMs / 1000})
                       THEN now() ELSE throttles.window_started_at END
        RETURNING count,
          greatest(0, extract(epoch FROM (window_started_at + make_interval(secs => ${windowMs / 1000}) - now())) * 1000)::bigint AS retry_ms`,
  );
  const count = toInt(row?.count);
  return { allowed: count <= limit, count, retryAfterMs: toInt(row?.retry_ms) };
}

/** The current count without adding to it (0 once the window has passed). */
export async function peekThrottle(ex: Executor, key: string, windowMs: number): Promise<ThrottleResult & { count: number }> {
  const [row] = await queryRows<{ count: unknown; retry_ms: unknown }>(
    ex,
    sql`SELECT count,
          greatest(0, extract(epoch FROM (window_started_at + make_interval(secs => ${windowMs / 1000}) - now())) * 1000)::bigint AS retry_ms
        FROM throttles WHERE key = ${key} AND window_started_at > now() - make_interval(secs => ${windowMs / 1000})`,
  );
  const count = row ? toInt(row.count) : 0;
  return { allowed: true, count, retryAfterMs: row ? toInt(row.retry_ms) : 0 };
}

export async function resetThrottle(ex: Executor, key: string): Promise<void> {
  await ex.execute(sql`DELETE FROM throttles WHERE key = ${key}`);
}

/** Gives back one counted event (a reservation that turned out not to be a failure). */
export async function releaseThrottle(ex: Executor, key: string): Promise<void> {
  await ex.execute(sql`UPDATE throttles SET count = greatest(count - 1, 0) WHERE key = ${key}`);
}
