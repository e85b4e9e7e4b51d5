import type { Executor } from '../../platform/db/client.js';
import type { JobHandler } from '../../platform/jobs/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { credit } from '../../platform/ledger/index.js';
import { metricSources } from './metrics.js';
import { periodAt, periodOfKey } from './periods.js';
import { enabledLeaderboards, findActivity, insertPayoutOnce, type ActivityRow } from './repo.js';
import { countedWindow } from './service.js';
import { isExcluded } from '../protection/index.js';

export const EVENT_SETTLE_JOB = 'event.leaderboard-settle';

/** A few minutes after the period ends, so an opening committed at 23:59:59 is counted. */
const SETTLE_DELAY_MS = 5 * 60_000;

/**
 * The period holding `atMs` gets its settlement job once (its dedupe key), due after the period ends.
 * Nothing is scheduled for a period that starts after the activity has ended.
 */
export async function scheduleSettlement(ex: Executor, a: ActivityRow, atMs: number): Promise<void> {
  const p = periodAt(a.period, Math.max(atMs, a.startsAt.getTime()));
  if (a.endsAt && p.startMs >= a.endsAt.getTime()) return;
  await enqueueJob(ex, {
    kind: EVENT_SETTLE_JOB,
    payload: { activityId: a.id, periodKey: p.key },
    runAt: new Date(countedWindow(a, p).to.getTime() + SETTLE_DELAY_MS),
    dedupeKey: `event-settle:${a.id}:${p.key}`,
  });
}

/** At every start (after seeding): each enabled leaderboard's running period has its job. */
export async function scheduleAllSettlements(ex: Executor, nowMs = Date.now()): Promise<void> {
  for (const a of await enabledLeaderboards(ex)) await scheduleSettlement(ex, a, nowMs);
}

/**
 * Settles one leaderboard period: ranks it from the game records, records each prize place once and
 * pays it with the ledger key `event-rank:{activity}:{period}:{place}`, so a re-run (a node that lost its
 * lease, an operator re-queueing) pays nothing more. Then the next period's job is scheduled, which
 * keeps a weekly event settling week after week without anyone scheduling it.
 */
export function eventSettleJob(): JobHandler {
  return async (payload, { tx }) => {
    const a = await findActivity(tx, Number(payload.activityId));
    if (!a || a.kind !== 'leaderboard' || !a.enabled) return;
    const p = periodOfKey(a.period, Number(payload.periodKey));
    const { from, to } = countedWindow(a, p);
    const top = await metricSources[a.metric].top(tx, from, to, a.prizesFen.length);
    for (const [i, prizeFen] of a.prizesFen.entries()) {
      const ranked = top[i];
      if (!ranked || ranked.value <= 0) break;
      const place = i + 1;
      const recorded = await insertPayoutOnce(tx, {
        activityId: a.id,
        periodKey: p.key,
        place,
        userId: ranked.userId,
        value: ranked.value,
        prizeFen,
      });
      if (!recorded || prizeFen <= 0) continue;
      // A player on a cool-off or self-exclusion keeps the place but is paid no prize (decision 0042).
      if (await isExcluded(tx, ranked.userId)) continue;
      await credit(tx, {
        userId: ranked.userId,
        kind: a.rewardKind,
        amountFen: prizeFen,
        from: 'promotions',
        code: 'event_rank_reward',
        refType: 'activity_rank',
        refId: `${a.id}:${p.key}:${place}`,
        idempotencyKey: `event-rank:${a.id}:${p.key}:${place}`,
      });
    }
    await scheduleSettlement(tx, a, p.endMs);
  };
}
