import { sql, type SQL } from 'drizzle-orm';

/**
 * The Beijing day (YYYY-MM-DD) of a timestamptz column, for GROUP BY day in the operator console. China
 * keeps UTC+8 all year, so a fixed offset is exact and needs no time-zone database (PGlite has none to rely on).
 * `column` is a SQL identifier written in code, never input, or a SQL fragment built in code.
 */
export function beijingDay(column: string | SQL): SQL {
  if (typeof column === 'string' && !/^[a-z_.]+$/.test(column)) throw new Error('beijingDay takes a column name');
  const at = typeof column === 'string' ? sql.raw(column) : column;
  return sql`to_char(${at} AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD')`;
}

const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;

/** The Beijing day of an instant, YYYY-MM-DD. */
export const beijingDayOf = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The instant the Beijing day `daysBack` days before `now`'s began (0: today's midnight in Beijing). */
export function beijingDayStart(now: Date, daysBack: number): Date {
  const local = Math.floor((now.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(local - daysBack * DAY_MS - OFFSET_MS);
}

/** 2026-11-26 14:30: an instant as players in China read it (Beijing time, to the minute). */
export const beijingTime = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
