import type { SQL } from 'drizzle-orm';
import type { Executor } from './types.js';

/** Runs raw SQL and returns its rows on both drivers (node-postgres and PGlite both expose `.rows`). */
export async function queryRows<T extends Record<string, unknown>>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** node-postgres returns int8 as a string, PGlite as a number: normalise money and counts. */
export function toInt(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${String(value)}`);
  return n;
}

export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}
