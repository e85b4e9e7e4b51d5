import { sql, type SQL } from 'drizzle-orm';
import { beijingDay } from './beijing-day.js';
import type { Executor } from './client.js';
import { queryRows, toInt } from './rows.js';

/**
 * What an activity counts (issue 15): rows of `from` (a FROM clause, joins included) whose time `at` falls
 * in [from, to), that meet `where`, credited to the player in `user`. Each feature owning a table names its
 * rows once; the counts for one player and the period's top players are the same two queries for all.
 */
export interface CountedRows {
  from: SQL;
  user: SQL;
  at: SQL;
  where: SQL;
}

/** The rows counted per Beijing day since `since` (the operator console's dashboard). */
export function dailyCounts(rows: Omit<CountedRows, 'user'>) {
  return async (ex: Executor, since: Date): Promise<Array<{ day: string; count: number }>> => {
    const found = await queryRows<{ day: string; n: unknown }>(
      ex,
      sql`SELECT ${beijingDay(rows.at)} AS day, count(*) AS n FROM ${rows.from}
          WHERE ${rows.where} AND ${rows.at} >= ${since.toISOString()}::timestamptz GROUP BY 1`,
    );
    return found.map((r) => ({ day: r.day, count: toInt(r.n) }));
  };
}

export interface WindowCounter {
  count: (ex: Executor, userId: number, from: Date, to: Date) => Promise<number>;
  /** The players with the most rows in [from, to); ties go to the lower user id. */
  top: (ex: Executor, from: Date, to: Date, limit: number) => Promise<Array<{ userId: number; value: number }>>;
  perDay: ReturnType<typeof dailyCounts>;
}

export function windowCounter(rows: CountedRows): WindowCounter {
  const within = (from: Date, to: Date) =>
    sql`${rows.at} >= ${from.toISOString()}::timestamptz AND ${rows.at} < ${to.toISOString()}::timestamptz`;
  return {
    async count(ex, userId, from, to) {
      const [row] = await queryRows<{ n: unknown }>(
        ex,
        sql`SELECT count(*) AS n FROM ${rows.from} WHERE ${rows.user} = ${userId} AND ${rows.where} AND ${within(from, to)}`,
      );
      return toInt(row?.n);
    },
    async top(ex, from, to, limit) {
      const found = await queryRows<{ user_id: unknown; n: unknown }>(
        ex,
        sql`SELECT ${rows.user} AS user_id, count(*) AS n FROM ${rows.from}
            WHERE ${rows.user} IS NOT NULL AND ${rows.where} AND ${within(from, to)}
            GROUP BY 1 ORDER BY n DESC, user_id ASC LIMIT ${limit}`,
      );
      return found.map((r) => ({ userId: toInt(r.user_id), value: toInt(r.n) }));
    },
    perDay: dailyCounts(rows),
  };
}
