import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.js';
import { runInTransaction } from '../../platform/db/tx.js';
import { AppError } from '../../platform/errors.js';
import { credit } from '../../platform/ledger/index.js';
import { assertCanSpend } from '../users/index.js';
import { assertBonusAllowed } from '../protection/index.js';
import { claimBonus } from '../bonus-claims/index.js';
import { depositOrders } from './tables.js';
import { readDailyTopUpTiers } from './daily-topup-tiers.js';

/** The China calendar day, and its start as an instant. */
function chinaDay(now = Date.now()) {
  const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
  return { day, start: new Date(`${day}T00:00:00+08:00`) };
}

async function depositedToday(ex: Executor, userId: number): Promise<number> {
  const { start } = chinaDay();
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${depositOrders.creditFen}), 0)` })
    .from(depositOrders)
    .where(and(eq(depositOrders.userId, userId), eq(depositOrders.state, 1), gte(depositOrders.finishedAt, start)));
  return Number(row?.total ?? 0);
}

async function claimedToday(ex: Executor, userId: number): Promise<boolean> {
  const rows = await ex.execute(sql`SELECT 1 FROM ledger_transfers WHERE idempotency_key = ${`daily-topup:${userId}:${chinaDay().day}`}`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The daily top-up reward (spec §1): a tier by the day's completed deposits, claimable once a day. */
export async function dailyTopUpStatus(ex: Executor, userId: number) {
  const deposited = await depositedToday(ex, userId);
  const tiers = await readDailyTopUpTiers(ex);
  const tier = tiers.filter((t) => deposited >= t.minDepositFen).at(-1) ?? null;
  const claimed = await claimedToday(ex, userId);
  return {
    day: chinaDay().day,
    todayDeposit: deposited,
    tiers,
    reward: tier?.rewardFen ?? 0,
    claimed,
    claimable: !claimed && tier !== null,
  };
}

/**
 * Claims today's tier once: the ledger key (user + day) makes a second claim a refusal, even a concurrent
 * one. Also once a day per device and per real-name identity (decision 0016): below the next tier the
 * reward is flat, so ¥400 split over four phone numbers would take four ¥2 rewards where one account takes one.
 */
export async function claimDailyTopUp(db: Db, userId: number, deviceId: string | null = null) {
  return runInTransaction(db, async ({ tx }) => {
    await assertCanSpend(tx, userId);
    // No daily reward during a cool-off or self-exclusion (decision 0042).
    await assertBonusAllowed(tx, userId);
    const status = await dailyTopUpStatus(tx, userId);
    if (status.reward === 0) throw new AppError('DAILY_TOPUP_NOT_REACHED');
    // The account's own repeat is "claimed", whatever device it comes from (or none).
    if (status.claimed) throw new AppError('DAILY_TOPUP_CLAIMED');
    await claimBonus(tx, { kind: `daily_topup:${status.day}`, userId, deviceId });
    const t = await credit(tx, {
      userId,
      kind: 'coin',
      amountFen: status.reward,
      from: 'promotions',
      code: 'daily_topup_reward',
      refType: 'daily_topup',
      refId: status.day,
      idempotencyKey: `daily-topup:${userId}:${status.day}`,
    });
    if (t.duplicate) throw new AppError('DAILY_TOPUP_CLAIMED');
    return { reward: status.reward, balance: t.creditBalanceAfterFen };
  });
}
