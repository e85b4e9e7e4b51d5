import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** A select that still takes its window: Drizzle's builder before `.limit(…).offset(…)`. */
interface Windowable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list and the count of every row it pages through, side by side: the `{ rows, totalRows }`
 * a paged list answers with (the contract's `toPage` makes the envelope's page of it). `where` is the
 * list's own condition, counted on `from`, so the total and the page always agree.
 */
export async function selectPage<Row>(
  ex: Executor,
  list: { query: Windowable<Row>; from: PgTable; where: SQL | undefined },
  page: number,
  pageSize: number,
): Promise<{ rows: Row[]; totalRows: number }> {
  const [rows, [total]] = await Promise.all([
    list.query.limit(pageSize).offset((page - 1) * pageSize),
    ex.select({ n: count() }).from(list.from).where(list.where),
  ]);
  return { rows, totalRows: total?.n ?? 0 };
}
