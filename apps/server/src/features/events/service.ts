import {
  EVENT_RANK_SIZE,
  type ClaimEventTaskResult,
  type EventActivity,
  type EventLeaderboard,
  type EventList,
  type EventRankEntry,
  type Lang,
} from '@skinfair/contract';
import type { Db, Executor } from '../../platform/db/client.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { assertBonusAllowed } from '../protection/index.js';
import { AppError } from '../../platform/errors.js';
import { credit, getBalances } from '../../platform/ledger/index.js';
import { assertCanSpend, findUser } from '../users/index.js';
import { claimBonus } from '../bonus-claims/index.js';
import { metricSources } from './metrics.js';
import { periodAt, previousPeriod, type Period } from './periods.js';
import { claimedTaskIds, findActivity, insertClaimOnce, payoutsOf, runningActivities, type ActivityRow } from './repo.js';

const iso = (ms: number) => new Date(ms).toISOString();
const isRunning = (a: ActivityRow, nowMs: number) =>
  a.enabled && a.startsAt.getTime() <= nowMs && (a.endsAt === null || a.endsAt.getTime() > nowMs);

/** A period never runs past the activity's end: what happens after it does not count. */
export function countedWindow(a: ActivityRow, p: Period): { from: Date; to: Date } {
  const endMs = a.endsAt ? Math.min(p.endMs, a.endsAt.getTime()) : p.endMs;
  return { from: new Date(Math.max(p.startMs, a.startsAt.getTime())), to: new Date(endMs) };
}

function view(a: ActivityRow, p: Period, lang: Lang, progress: EventActivity['progress']): EventActivity {
  return {
    id: a.id,
    kind: a.kind,
    metric: a.metric,
    period: a.period,
    title: (lang === 'en' && a.titleEn) || a.titleZh,
    rules: (lang === 'en' && a.rulesEn) || a.rulesZh,
    target: a.target,
    rewardKind: a.rewardKind,
    rewardFen: a.rewardFen,
    prizesFen: a.prizesFen,
    periodStart: iso(p.startMs),
    periodEnd: iso(countedWindow(a, p).to.getTime()),
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt ? a.endsAt.toISOString() : null,
    progress,
  };
}

/** GET /api/event/list: every running activity with its current period and, for a player, progress. */
export async function eventList(ex: Executor, userId: number | null, lang: Lang, nowMs = Date.now()): Promise<EventList> {
  const rows = await runningActivities(ex, new Date(nowMs));
  const periods = new Map(rows.map((a) => [a.id, periodAt(a.period, nowMs)]));
  const claimed =
    userId === null
      ? new Set<number>()
      : await claimedTaskIds(
          ex,
          userId,
          rows.filter((a) => a.kind === 'task').map((a) => ({ activityId: a.id, periodKey: periods.get(a.id)!.key })),
        );
  const activities: EventActivity[] = [];
  for (const a of rows) {
    const p = periods.get(a.id)!;
    let progress: EventActivity['progress'] = null;
    if (userId !== null) {
      const { from, to } = countedWindow(a, p);
      const source = metricSources[a.metric];
      const value = await source.count(ex, userId, from, to);
      if (a.kind === 'task') {
        progress = { value, target: a.target, completed: value >= a.target, claimed: claimed.has(a.id), place: null };
      } else {
        const top = await source.top(ex, from, to, EVENT_RANK_SIZE);
        const place = top.findIndex((r) => r.userId === userId);
        progress = { value, target: 0, completed: false, claimed: false, place: place >= 0 ? place + 1 : null };
      }
    }
    activities.push(view(a, p, lang, progress));
  }
  // Tasks first (the daily list), then leaderboards, each in the operator's order.
  activities.sort((x, y) => Number(x.kind === 'leaderboard') - Number(y.kind === 'leaderboard'));
  return { serverTime: iso(nowMs), activities };
}

/**
 * Claims a completed task's reward for the current period, in one transaction: the count is read from
 * the game records, the claim row's unique (user, task, period) lets exactly one claim through (a
 * concurrent one waits on it and then finds it), and the credit carries a key of the same three.
 * A reward is also once per device and per real-name identity for the task's period (decision 0016):
 * the tasks are cheap to complete, so many phone numbers on one person would multiply them.
 */
export async function claimTask(
  db: Db,
  userId: number,
  taskId: number,
  deviceId: string | null,
  nowMs = Date.now(),
): Promise<ClaimEventTaskResult> {
  return runInTransaction(db, async ({ tx }) => {
    await assertCanSpend(tx, userId);
    // Event rewards stop during a cool-off or self-exclusion (decision 0042).
    await assertBonusAllowed(tx, userId);
    const a = await findActivity(tx, taskId);
    if (!a || a.kind !== 'task' || !isRunning(a, nowMs)) throw new AppError('EVENT_NOT_FOUND');
    const p = periodAt(a.period, nowMs);
    const { from, to } = countedWindow(a, p);
    const value = await metricSources[a.metric].count(tx, userId, from, to);
    if (value < a.target) throw new AppError('EVENT_TASK_INCOMPLETE');
    const claimId = await insertClaimOnce(tx, { userId, activityId: a.id, periodKey: p.key, value, rewardFen: a.rewardFen });
    if (claimId === null) throw new AppError('EVENT_TASK_CLAIMED');
    let balanceFen: number;
    if (a.rewardFen > 0) {
      await claimBonus(tx, { kind: `event_task:${a.id}:${p.key}`, userId, deviceId });
      const t = await credit(tx, {
        userId,
        kind: a.rewardKind,
        amountFen: a.rewardFen,
        from: 'promotions',
        code: 'event_task_reward',
        refType: 'activity_task_claim',
        refId: claimId,
        idempotencyKey: `event-task:${userId}:${a.id}:${p.key}`,
      });
      if (t.duplicate) throw new AppError('EVENT_TASK_CLAIMED');
      balanceFen = t.creditBalanceAfterFen;
    } else {
      const b = await getBalances(tx, userId);
      balanceFen = a.rewardKind === 'coin' ? b.coinFen : b.pointFen;
    }
    return { taskId: a.id, rewardKind: a.rewardKind, rewardFen: a.rewardFen, balanceFen };
  });
}

async function withNames(
  ex: Executor,
  rows: Array<{ userId: number; value: number; prizeFen: number; place: number }>,
): Promise<EventRankEntry[]> {
  const out: EventRankEntry[] = [];
  for (const r of rows) {
    const user = await findUser(ex, r.userId);
    out.push({
      place: r.place,
      customerId: r.userId,
      nickname: user?.nickname ?? '',
      headPic: user?.avatar ?? null,
      value: r.value,
      prizeFen: r.prizeFen,
    });
  }
  return out;
}

/** GET /api/event/leaderboard: the running period live, and the previous one as it was settled and paid. */
export async function leaderboard(ex: Executor, eventId: number, nowMs = Date.now()): Promise<EventLeaderboard> {
  const a = await findActivity(ex, eventId);
  if (!a || a.kind !== 'leaderboard' || !a.enabled) throw new AppError('EVENT_NOT_FOUND');
  const p = periodAt(a.period, nowMs);
  const { from, to } = countedWindow(a, p);
  const top = await metricSources[a.metric].top(ex, from, to, EVENT_RANK_SIZE);
  const payouts = await payoutsOf(ex, a.id, previousPeriod(a.period, p).key);
  return {
    eventId: a.id,
    metric: a.metric,
    rewardKind: a.rewardKind,
    prizesFen: a.prizesFen,
    periodStart: iso(p.startMs),
    periodEnd: iso(to.getTime()),
    current: await withNames(
      ex,
      top.map((r, i) => ({ ...r, place: i + 1, prizeFen: a.prizesFen[i] ?? 0 })),
    ),
    previous: await withNames(ex, payouts),
  };
}
