import type { ActivityBucket, ActivityPeriod, ActivitySession, ActivitySummary } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { beijingDayOf, beijingDayStart } from '../../platform/db/beijing-day.js';
import { AppError } from '../../platform/errors.js';
import { figuresBetween, figuresByDay, figuresByMonth, readInterval, sessionStart, writeInterval, type Figures } from './repo.js';

const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;

const bucket = (key: string, f: Figures): ActivityBucket => ({
  key,
  ...f,
  netResultFen: f.returnsFen - f.stakesFen,
});

export async function getRealityCheck(ex: Executor, userId: number) {
  return { intervalMinutes: await readInterval(ex, userId) };
}

export async function setRealityCheck(ex: Executor, userId: number, intervalMinutes: number) {
  await writeInterval(ex, userId, intervalMinutes);
  return { intervalMinutes };
}

/**
 * The play session = the login session of the calling token, from its creation (issue 18 shared rule).
 * `now` is passed in so tests control the clock.
 */
export async function playSession(ex: Executor, userId: number, sessionId: number, now: Date): Promise<ActivitySession> {
  const start = await sessionStart(ex, userId, sessionId);
  if (!start) throw new AppError('NOT_LOGGED_IN');
  const [figures, intervalMinutes] = await Promise.all([figuresBetween(ex, userId, start, now), readInterval(ex, userId)]);
  const elapsedMs = Math.max(0, now.getTime() - start.getTime());
  const intervalMs = intervalMinutes * 60_000;
  const checksDue = intervalMs > 0 ? Math.floor(elapsedMs / intervalMs) : 0;
  return {
    sessionStart: start.toISOString(),
    serverTime: now.toISOString(),
    elapsedSeconds: Math.floor(elapsedMs / 1000),
    stakesFen: figures.stakesFen,
    returnsFen: figures.returnsFen,
    netResultFen: figures.returnsFen - figures.stakesFen,
    intervalMinutes,
    checksDue,
    nextCheckAt: intervalMs > 0 ? new Date(start.getTime() + (checksDue + 1) * intervalMs).toISOString() : null,
  };
}

/** The Beijing month (YYYY-MM) `back` months before `now`'s, and the instant it began. */
function beijingMonth(now: Date, back: number): { key: string; start: Date } {
  const local = new Date(now.getTime() + OFFSET_MS);
  const first = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1);
  return { key: new Date(first).toISOString().slice(0, 7), start: new Date(first - OFFSET_MS) };
}

/**
 * My activity: deposits, stakes, returns and net result per Beijing day (the last `days` days, today
 * included) or per month (the last `months` months, this one included), every bucket present.
 */
export async function activitySummary(
  ex: Executor,
  userId: number,
  query: { period: ActivityPeriod; days: number; months: number },
  now: Date,
): Promise<ActivitySummary> {
  let keys: string[];
  let rows: Array<Figures & { key: string }>;
  if (query.period === 'day') {
    const from = beijingDayStart(now, query.days - 1);
    keys = Array.from({ length: query.days }, (_, i) => beijingDayOf(new Date(from.getTime() + i * DAY_MS)));
    rows = await figuresByDay(ex, userId, from, now);
  } else {
    const from = beijingMonth(now, query.months - 1).start;
    keys = Array.from({ length: query.months }, (_, i) => beijingMonth(now, query.months - 1 - i).key);
    rows = await figuresByMonth(ex, userId, from, now);
  }
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const buckets = keys.map((key) => bucket(key, byKey.get(key) ?? { depositsFen: 0, stakesFen: 0, returnsFen: 0 }));
  const sum = (field: keyof Figures) => buckets.reduce((n, b) => n + b[field], 0);
  const totals = {
    depositsFen: sum('depositsFen'),
    stakesFen: sum('stakesFen'),
    returnsFen: sum('returnsFen'),
  };
  return {
    period: query.period,
    buckets,
    totals: { ...totals, netResultFen: totals.returnsFen - totals.stakesFen },
  };
}
