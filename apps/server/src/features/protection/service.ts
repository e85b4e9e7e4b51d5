import { protectionLimitKinds, type ProtectionLimitKind, type ProtectionState } from '@skinfair/contract';
import type { Executor, Tx } from '../../platform/db/client.js';
import { beijingDayStart, beijingTime } from '../../platform/db/beijing-day.js';
import { AppError } from '../../platform/errors.js';
import {
  depositSums,
  ensureProtection,
  loadLimits,
  lockProtection,
  lossSums,
  readProtection,
  sittingStart,
  writeExclusion,
  writeLimit,
  type LimitRow,
  type ProtectionRow,
  type WindowStarts,
  type WindowSums,
} from './repo.js';

/** 2026-11-26 00:00, Beijing time (one formatter, platform/db/beijing-day). */
export { beijingTime };

/**
 * Player protection (issue 18, decision 0042). Every function takes `now` so tests move the clock; the
 * routes pass the real time. Money is fen, Beijing days, weeks (from Monday) and months.
 */

/** A raise or removal of a limit waits this long. */
export const COOLING_MS = 24 * 3_600_000;
/** The break after a session limit: a login this long after the sitting's end starts a new sitting. */
export const SESSION_BREAK_MINUTES = 30;
const OFFSET_MS = 8 * 3_600_000;
const HELP = '/safer-play';

export type Period = 'day' | 'week' | 'month';

export function windowStarts(now: Date): WindowStarts {
  const day = beijingDayStart(now, 0);
  const local = new Date(day.getTime() + OFFSET_MS); // Beijing midnight as a UTC-clock date
  const weekday = (local.getUTCDay() + 6) % 7; // Monday 0
  const week = beijingDayStart(now, weekday);
  const month = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET_MS);
  return { day, week, month };
}

export function windowResets(now: Date): Record<Period, Date> {
  const s = windowStarts(now);
  const local = new Date(s.month.getTime() + OFFSET_MS);
  return {
    day: new Date(s.day.getTime() + 86_400_000),
    week: new Date(s.week.getTime() + 7 * 86_400_000),
    month: new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - OFFSET_MS),
  };
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The limit in force at `now`: a pending raise or removal applies once its 24 hours have passed. */
export function effectiveLimit(row: LimitRow | undefined, now: Date): number | null {
  if (!row) return null;
  if (row.pendingAt && row.pendingAt.getTime() <= now.getTime()) return row.pendingRemove ? null : row.pendingValue;
  return row.value;
}

const isExcludedAt = (p: ProtectionRow | null, now: Date) => !!p?.excludedUntil && p.excludedUntil.getTime() > now.getTime();

function exclusionRefusal(p: ProtectionRow, code: 'PROTECTION_EXCLUDED' | 'PROTECTION_BONUS_EXCLUDED'): AppError {
  const until = beijingTime(p.excludedUntil!);
  const zhKind = p.exclusionKind === 'self_exclusion' ? '自我排除' : '冷静期';
  const enKind = p.exclusionKind === 'self_exclusion' ? 'self-exclusion' : 'cool-off';
  const zhWhat = code === 'PROTECTION_EXCLUDED' ? '期间无法充值或参与游戏' : '期间无法领取奖励或参与活动';
  const enWhat = code === 'PROTECTION_EXCLUDED' ? 'you cannot deposit or play' : 'bonuses and promotions are unavailable';
  return new AppError(code, `excluded until ${p.excludedUntil!.toISOString()}`, {
    zh: `您的${zhKind}将于 ${until}（北京时间）结束，${zhWhat}。安全游戏帮助：${HELP}`,
    en: `Your ${enKind} ends ${until} (Beijing time); until then ${enWhat}. Help: ${HELP}`,
  });
}

const periodZh: Record<Period, string> = { day: '每日', week: '每周', month: '每月' };
const periodEn: Record<Period, string> = { day: 'daily', week: 'weekly', month: 'monthly' };
const nowZh: Record<Period, string> = { day: '今日', week: '本周', month: '本月' };
const nowEn: Record<Period, string> = { day: 'today', week: 'this week', month: 'this month' };

function limitRefusal(what: 'deposit' | 'loss', room: LimitRoom): AppError {
  const { period, limitFen, resetsAt } = room;
  const at = beijingTime(resetsAt);
  // Issue 30 §3: a deposit that would pass a limit not yet reached says how much is still allowed.
  if (what === 'deposit' && room.remainingFen > 0) {
    const left = yuan(room.remainingFen);
    return new AppError('PROTECTION_DEPOSIT_LIMIT_LEFT', `deposit_${period} ${limitFen} left ${room.remainingFen}`, {
      zh: `超出${periodZh[period]}充值限额（${yuan(limitFen)}）：${nowZh[period]}还可充值 ${left}，将于 ${at} 重置。安全游戏帮助：${HELP}`,
      en: `Over your ${periodEn[period]} deposit limit (${yuan(limitFen)}): ${left} left ${nowEn[period]}; it resets ${at} (Beijing time). Help: ${HELP}`,
    });
  }
  const code = what === 'deposit' ? 'PROTECTION_DEPOSIT_LIMIT' : 'PROTECTION_LOSS_LIMIT';
  return new AppError(code, `${what}_${period} ${limitFen}`, {
    zh: `已达到${periodZh[period]}${what === 'deposit' ? '充值' : '亏损'}限额（${yuan(limitFen)}），将于 ${at} 重置。安全游戏帮助：${HELP}`,
    en: `You have reached your ${periodEn[period]} ${what} limit (${yuan(limitFen)}); it resets ${at} (Beijing time). Help: ${HELP}`,
  });
}

const PERIODS: Period[] = ['day', 'week', 'month'];

/** One limit in force with what its window has used; `remainingFen` may be negative (a net loss past it). */
export interface LimitRoom {
  period: Period;
  limitFen: number;
  remainingFen: number;
  resetsAt: Date;
}

/** The player's limits of one kind in force at `now`, each with its room, day first. */
export function limitRooms(what: 'deposit' | 'loss', limits: LimitRow[], used: WindowSums, now: Date): LimitRoom[] {
  const resets = windowResets(now);
  const rooms: LimitRoom[] = [];
  for (const period of PERIODS) {
    const limitFen = effectiveLimit(
      limits.find((l) => l.kind === `${what}_${period}`),
      now,
    );
    if (limitFen !== null) rooms.push({ period, limitFen, remainingFen: limitFen - used[period], resetsAt: resets[period] });
  }
  return rooms;
}

/** The room with the least left (the first, shortest period, on a tie): what the player may still add. */
export const tightestRoom = (rooms: LimitRoom[]): LimitRoom | null =>
  rooms.reduce<LimitRoom | null>((best, r) => (best === null || r.remainingFen < best.remainingFen ? r : best), null);

function checkWindows(what: 'deposit' | 'loss', limits: LimitRow[], used: WindowSums, addFen: number, now: Date): void {
  // Of the limits this spend would pass, the tightest is named: its room is what could still go through.
  const passed = tightestRoom(limitRooms(what, limits, used, now).filter((r) => addFen > r.remainingFen));
  if (passed) throw limitRefusal(what, passed);
}

async function checkSession(ex: Executor, userId: number, limits: LimitRow[], now: Date): Promise<void> {
  const minutes = effectiveLimit(
    limits.find((l) => l.kind === 'session_minutes'),
    now,
  );
  if (minutes === null) return;
  const start = await sittingStart(ex, userId, minutes, SESSION_BREAK_MINUTES);
  if (!start || now.getTime() < start.getTime() + minutes * 60_000) return;
  const again = beijingTime(new Date(start.getTime() + (minutes + SESSION_BREAK_MINUTES) * 60_000));
  throw new AppError('PROTECTION_SESSION_LIMIT', `session since ${start.toISOString()}`, {
    zh: `已达到单次登录时长限制（${minutes} 分钟），请休息，于 ${again}（北京时间）后重新登录。安全游戏帮助：${HELP}`,
    en: `You have reached your session time limit (${minutes} minutes). Take a break and log in again after ${again} (Beijing time). Help: ${HELP}`,
  });
}

/**
 * The check of every play (opening, battle seat, dream, shop): call it in the spend's transaction after the
 * player's coin and point rows are locked; it locks the protection row too, so two spends are judged in turn.
 * `amountFen` is what this spend stakes (0 for a free box: still play, still refused while excluded; 0 too
 * when the caller's spend is already written in this transaction, as the sums then hold it).
 */
export async function assertMayPlay(tx: Tx, userId: number, amountFen: number, now: Date = new Date()): Promise<void> {
  await assertWithinLimits(tx, userId, 'loss', amountFen, now, (starts) => lossSums(tx, userId, starts));
}

/** The check of a deposit order, in the transaction that writes it (pending orders count, see repo). */
export async function assertMayDeposit(tx: Tx, userId: number, creditFen: number, now: Date = new Date()): Promise<void> {
  await assertWithinLimits(tx, userId, 'deposit', creditFen, now, (starts) => depositSums(tx, userId, starts, now));
}

/** Exclusion, the session limit, then the limits of one kind against that kind's sums over their windows. */
async function assertWithinLimits(
  tx: Tx,
  userId: number,
  kind: 'loss' | 'deposit',
  amountFen: number,
  now: Date,
  sums: (starts: ReturnType<typeof windowStarts>) => ReturnType<typeof lossSums>,
): Promise<void> {
  const p = await lockProtection(tx, userId);
  if (!p) return;
  if (isExcludedAt(p, now)) throw exclusionRefusal(p, 'PROTECTION_EXCLUDED');
  const limits = await loadLimits(tx, userId);
  if (limits.length === 0) return;
  await checkSession(tx, userId, limits, now);
  if (limits.some((l) => l.kind.startsWith(`${kind}_`) && effectiveLimit(l, now) !== null)) {
    checkWindows(kind, limits, await sums(windowStarts(now)), amountFen, now);
  }
}

/** Bonuses, rewards and promotions: refused while a cool-off or self-exclusion runs (decision 0042). */
export async function assertBonusAllowed(ex: Executor, userId: number, now: Date = new Date()): Promise<void> {
  const p = await readProtection(ex, userId);
  if (isExcludedAt(p, now)) throw exclusionRefusal(p!, 'PROTECTION_BONUS_EXCLUDED');
}

/** For what is skipped rather than refused (a VIP level-up reward, a marketing message). */
export async function isExcluded(ex: Executor, userId: number, now: Date = new Date()): Promise<boolean> {
  return isExcludedAt(await readProtection(ex, userId), now);
}

/**
 * Sets a limit. A new or lower limit applies at once (and drops any pending raise); a higher one, or a
 * removal (`value` undefined), waits 24 hours and is shown as pending; the same value drops a pending change.
 */
export async function setLimit(
  tx: Tx,
  userId: number,
  kind: ProtectionLimitKind,
  value: number | undefined,
  now: Date = new Date(),
): Promise<void> {
  await ensureProtection(tx, userId);
  const row = (await loadLimits(tx, userId)).find((l) => l.kind === kind);
  const current = effectiveLimit(row, now);
  const next: LimitRow = { kind, value: current, pendingValue: null, pendingRemove: false, pendingAt: null };
  if (value !== undefined && (current === null || value <= current)) next.value = value;
  else if (value === undefined && current === null) next.value = null;
  else {
    next.pendingValue = value ?? null;
    next.pendingRemove = value === undefined;
    next.pendingAt = new Date(now.getTime() + COOLING_MS);
  }
  await writeLimit(tx, userId, next);
}

function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

async function startExclusion(tx: Tx, userId: number, kind: 'cool_off' | 'self_exclusion', until: Date, now: Date): Promise<void> {
  const p = await ensureProtection(tx, userId);
  const running = isExcludedAt(p, now);
  if (running && p.excludedUntil!.getTime() > until.getTime()) throw new AppError('PROTECTION_EXCLUSION_SHORTER');
  // A self-exclusion stays one even if a later cool-off extends it.
  const finalKind = running && p.exclusionKind === 'self_exclusion' ? 'self_exclusion' : kind;
  await writeExclusion(tx, userId, finalKind, running ? p.excludedAt! : now, until);
}

export const coolOff = (tx: Tx, userId: number, days: number, now: Date = new Date()) =>
  startExclusion(tx, userId, 'cool_off', new Date(now.getTime() + days * 86_400_000), now);

export const selfExclude = (tx: Tx, userId: number, months: number, now: Date = new Date()) =>
  startExclusion(tx, userId, 'self_exclusion', addMonths(now, months), now);

/** What the player's page and the console's player detail show. */
export async function protectionState(ex: Executor, userId: number, now: Date = new Date()): Promise<ProtectionState> {
  const p = await readProtection(ex, userId);
  const rows = p ? await loadLimits(ex, userId) : [];
  const w = windowStarts(now);
  const resets = windowResets(now);
  const needDeposits = rows.some((r) => r.kind.startsWith('deposit_'));
  const needLosses = rows.some((r) => r.kind.startsWith('loss_'));
  const deposits = needDeposits ? await depositSums(ex, userId, w, now) : { day: 0, week: 0, month: 0 };
  const losses = needLosses ? await lossSums(ex, userId, w) : { day: 0, week: 0, month: 0 };
  const session = rows.find((r) => r.kind === 'session_minutes');
  const sessionMinutes = effectiveLimit(session, now);
  const sessionStart = sessionMinutes !== null ? await sittingStart(ex, userId, sessionMinutes, SESSION_BREAK_MINUTES) : null;
  const limits = protectionLimitKinds.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const pendingDue = row?.pendingAt && row.pendingAt.getTime() <= now.getTime();
    const [what, period] = kind.split('_') as ['deposit' | 'loss' | 'session', Period | 'minutes'];
    const usedNow =
      what === 'deposit'
        ? deposits[period as Period]
        : what === 'loss'
          ? losses[period as Period]
          : sessionStart
            ? Math.max(0, Math.floor((now.getTime() - sessionStart.getTime()) / 60_000))
            : 0;
    return {
      kind,
      value: effectiveLimit(row, now),
      pendingValue: row && row.pendingAt && !pendingDue ? row.pendingValue : null,
      pendingAt: row && row.pendingAt && !pendingDue ? row.pendingAt.toISOString() : null,
      usedNow,
      resetsAt: what === 'session' ? null : resets[period as Period].toISOString(),
    };
  });
  const exclusion =
    p && isExcludedAt(p, now)
      ? {
          kind: p.exclusionKind!,
          startedAt: p.excludedAt!.toISOString(),
          until: p.excludedUntil!.toISOString(),
        }
      : null;
  return { limits, exclusion };
}
