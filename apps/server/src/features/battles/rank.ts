import { sql } from 'drizzle-orm';
import { BATTLE_RANK_REWARDS_FEN, BATTLE_RANK_SIZE, EventType, type BattleRankPage } from '@skinfair/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor, Tx } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import type { JobHandler } from '../../platform/jobs/index.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { credit } from '../../platform/ledger/index.js';
import { isExcluded } from '../protection/index.js';

export const BATTLE_RANK_JOB = 'battle.rank-reward';

/** Days are Beijing days (UTC+8), the players' calendar. */
const DAY_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export const bizDateOf = (ms: number) => {
  const d = new Date(ms + DAY_OFFSET_MS);
  return d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};
const dayStartMs = (bizDate: number) =>
  Date.UTC(Math.floor(bizDate / 10_000), (Math.floor(bizDate / 100) % 100) - 1, bizDate % 100) - DAY_OFFSET_MS;

type Ranked = BattleRankPage['todayRank'][number];

/**
 * A day's ranking: each player's battle points are the entry prices of the battles settled that day in
 * which the player sat (bots are not ranked). Ties go to the lower user id, so the order is stable.
 */
export const dayBounds = (bizDate: number) => ({
  start: new Date(dayStartMs(bizDate)).toISOString(),
  end: new Date(dayStartMs(bizDate) + DAY_MS).toISOString(),
});

export async function dayRank(ex: Executor, bizDate: number, limit = BATTLE_RANK_SIZE): Promise<Ranked[]> {
  const { start, end } = dayBounds(bizDate);
  const rows = await queryRows<{
    user_id: unknown;
    points: unknown;
    nickname: string;
    avatar: string | null;
  }>(
    ex,
    sql`SELECT s.user_id, sum(b.entry_price_fen) AS points, u.nickname, u.avatar
        FROM battle_seats s
        JOIN battles b ON b.id = s.battle_id
        JOIN users u ON u.id = s.user_id
        WHERE b.state = 'ended' AND s.user_id IS NOT NULL
          AND b.ended_at >= ${start}::timestamptz AND b.ended_at < ${end}::timestamptz
        GROUP BY s.user_id, u.nickname, u.avatar
        ORDER BY points DESC, s.user_id ASC
        LIMIT ${limit}`,
  );
  return rows.map((r, i) => ({
    customerId: toInt(r.user_id),
    nickname: r.nickname,
    headPic: r.avatar,
    rewardPoint: toInt(r.points),
    bizDate,
    place: i + 1,
  }));
}

export async function rankPage(ex: Executor, userId: number | null, nowMs = Date.now()): Promise<BattleRankPage> {
  const today = bizDateOf(nowMs);
  const yesterday = bizDateOf(nowMs - DAY_MS);
  const yesterdayRank = await dayRank(ex, yesterday);
  const mine = yesterdayRank.find((r) => r.customerId === userId);
  return {
    todayRank: await dayRank(ex, today),
    yesterdayRank,
    topOneYesterday: yesterdayRank[0] ?? null,
    myReward: mine ? (BATTLE_RANK_REWARDS_FEN[mine.place - 1] ?? 0) : 0,
  };
}

/** Called by every settlement: the day's reward job exists once (its dedupe key), due the next morning. */
export async function scheduleRankReward(tx: Tx, settledAtMs: number): Promise<void> {
  const day = bizDateOf(settledAtMs);
  await enqueueJob(tx, {
    kind: BATTLE_RANK_JOB,
    payload: { bizDate: day },
    // A few minutes after midnight, so a battle settled at 23:59:59 is counted.
    runAt: new Date(dayStartMs(day) + DAY_MS + 5 * 60_000),
    dedupeKey: `battle-rank:${day}`,
  });
}

/**
 * Pays the day's top places once: each payment carries the key `battle-rank:{day}:{place}`, so a re-run
 * job pays nothing more (ledger idempotency). Event 33 announces the day's final ranking after commit.
 */
export function battleRankJob(deps: Pick<AppContext, 'live'>): JobHandler {
  return async (payload, { tx, afterCommit }) => {
    const day = Number(payload.bizDate);
    const top = await dayRank(tx, day);
    for (const [i, amountFen] of BATTLE_RANK_REWARDS_FEN.entries()) {
      const ranked = top[i];
      if (!ranked) break;
      // A player on a cool-off or self-exclusion keeps the place but is paid no prize (decision 0042).
      if (await isExcluded(tx, ranked.customerId)) continue;
      await credit(tx, {
        userId: ranked.customerId,
        kind: 'coin',
        amountFen,
        from: 'promotions',
        code: 'battle_rank_reward',
        refType: 'battle_rank',
        refId: day,
        idempotencyKey: `battle-rank:${day}:${i + 1}`,
      });
    }
    afterCommit(() => deps.live.publish({ eventType: EventType.BATTLE_RANK, data: { bizDate: day, rank: top } }));
  };
}
