/**
 * Periods on the players' calendar: Beijing days (UTC+8) and Monday-to-Monday Beijing weeks. A period is
 * named by its key, the Beijing date of its first day (20261123), which claims and payouts carry.
 */
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export type PeriodUnit = 'day' | 'week';

export interface Period {
  key: number;
  startMs: number;
  endMs: number;
}

const keyOf = (startMs: number) => {
  const d = new Date(startMs + OFFSET_MS);
  return d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

/** The period of `unit` that holds the instant `ms`. */
export function periodAt(unit: PeriodUnit, ms: number): Period {
  const local = ms + OFFSET_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - OFFSET_MS;
  // getUTCDay on the shifted instant is the Beijing weekday; Monday opens the week.
  const sinceMonday = unit === 'week' ? (new Date(local).getUTCDay() + 6) % 7 : 0;
  const startMs = dayStart - sinceMonday * DAY_MS;
  const endMs = startMs + (unit === 'week' ? 7 : 1) * DAY_MS;
  return { key: keyOf(startMs), startMs, endMs };
}

/** The period just before `p`. */
export const previousPeriod = (unit: PeriodUnit, p: Period): Period => periodAt(unit, p.startMs - 1);

/** The period whose key is `key` (a Beijing date that starts a period of `unit`). */
export function periodOfKey(unit: PeriodUnit, key: number): Period {
  const startMs = Date.UTC(Math.floor(key / 10_000), (Math.floor(key / 100) % 100) - 1, key % 100) - OFFSET_MS;
  return periodAt(unit, startMs);
}
