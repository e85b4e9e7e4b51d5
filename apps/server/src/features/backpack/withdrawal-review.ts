import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import { formatFen, WITHDRAWAL_REVIEW_REMARK } from '@skinfair/contract';
import type { Executor, Tx } from '../../platform/db/client.js';
import { beijingDayStart } from '../../platform/db/beijing-day.js';
import { loadSiteSettings } from '../common/index.js';
import type { InventoryRow, RetrievalRow } from './repo.js';
import { retrievals } from './tables.js';

/**
 * Risk review (issue 24 §4, decision 0045). A withdrawal request worth more than the console's threshold, or
 * one that takes the player past the day's count, waits for an operator before the fulfilment hands it to
 * the trade bot or the supplier. The state stays 0 (spec §4); the player's record says 审核中 in its remark.
 */
export const REVIEW_REMARK = WITHDRAWAL_REVIEW_REMARK;

export const awaitsReview = (r: Pick<RetrievalRow, 'reviewReason' | 'reviewedAt'>) => r.reviewReason !== null && r.reviewedAt === null;

const yuan = (fen: number) => `¥${formatFen(fen)}`;

/** Items the player asked to withdraw since Beijing midnight; failed ones came back and do not count. */
async function countToday(ex: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(retrievals)
    .where(and(eq(retrievals.userId, userId), gte(retrievals.createdAt, beijingDayStart(now, 0)), ne(retrievals.state, 4)));
  return row?.n ?? 0;
}

/**
 * Why this request needs a review, in words the operator reads on the withdrawals screen; null: it does
 * not. The caller holds the player's row lock, so two requests of one player are counted one after the other.
 */
export async function reviewReasonFor(tx: Tx, userId: number, items: InventoryRow[], now = new Date()): Promise<string | null> {
  const settings = await loadSiteSettings(tx);
  const reasons: string[] = [];
  const valueFen = items.reduce((sum, i) => sum + i.recoveryPriceFen, 0);
  const aboveFen = settings.withdrawalReviewAboveFen;
  if (aboveFen > 0 && valueFen > aboveFen)
    reasons.push(`本次提取 ${items.length} 件共 ${yuan(valueFen)}，超过单次审核线 ${yuan(aboveFen)}`);
  const perDay = settings.withdrawalReviewDailyCount;
  if (perDay > 0) {
    const before = await countToday(tx, userId, now);
    const last = before + items.length;
    if (last > perDay) {
      const which = items.length === 1 ? `${last}` : `${before + 1}–${last}`;
      reasons.push(`今日（北京时间）第 ${which} 件，超过每日 ${perDay} 件`);
    }
  }
  return reasons.length ? reasons.join('；') : null;
}

/**
 * An operator's decision on a review, once: only a withdrawal still at 0 whose review is pending moves, so
 * of two decisions racing (approve and reject, two operators) exactly one wins. Null: none pending.
 */
export async function markRetrievalReviewed(ex: Executor, id: number, operatorId: number | null): Promise<RetrievalRow | null> {
  const [row] = await ex
    .update(retrievals)
    .set({ reviewedBy: operatorId, reviewedAt: sql`now()`, remark: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(retrievals.id, id),
        eq(retrievals.state, 0),
        sql`${retrievals.reviewReason} IS NOT NULL`,
        sql`${retrievals.reviewedAt} IS NULL`,
      ),
    )
    .returning();
  return row ?? null;
}
