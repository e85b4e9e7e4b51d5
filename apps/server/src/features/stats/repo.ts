import { and, count, countDistinct, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DropItem } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { liveDrops } from './tables.js';

export type NewDrop = Omit<typeof liveDrops.$inferInsert, 'id' | 'createdAt'>;
type DropRow = typeof liveDrops.$inferSelect;

export function toDropItem(row: DropRow): DropItem {
  return {
    id: row.id,
    userId: row.userId,
    nickname: row.nickname,
    headPic: row.headPic,
    giftName: row.giftName,
    giftImage: row.giftImage,
    grade: row.grade,
    recoveryPrice: row.recoveryPriceFen,
    sourceType: row.sourceType,
    sourceId: row.sourceId,
    sourceName: row.sourceName,
    sourceImage: row.sourceImage,
    createTime: toIso(row.createdAt),
    demo: row.demo,
  };
}

export async function insertDrops(ex: Executor, drops: NewDrop[]): Promise<DropRow[]> {
  if (drops.length === 0) return [];
  return ex.insert(liveDrops).values(drops).returning();
}

/**
 * What public reads may show now (issue 24 §14): a battle's drops once its reveal has ended, a private
 * battle's never (their `public_from` is later, or null).
 */
const shownNow = lte(liveDrops.publicFrom, sql`now()`);

/** Newest first; the top list holds grades 0 and 1 only (spec §3). */
export async function listRecentDrops(ex: Executor, limit: number, topOnly: boolean): Promise<DropRow[]> {
  return ex
    .select()
    .from(liveDrops)
    .where(and(shownNow, topOnly ? inArray(liveDrops.grade, [0, 1]) : undefined))
    .orderBy(desc(liveDrops.id))
    .limit(limit);
}

/**
 * Openings (21) and upgrades (22) count drops; battles (23) count distinct battles. Demo rows (the seeded
 * feed, the sandbox publisher) are never activity (decision 0017).
 */
export async function countBySource(ex: Executor, sourceType: number, sinceHours?: number): Promise<number> {
  const since = sinceHours ? [gte(liveDrops.createdAt, sql`now() - make_interval(hours => ${sinceHours})`)] : [];
  const measure = sourceType === 23 ? countDistinct(liveDrops.sourceId) : count();
  const [row] = await ex
    .select({ n: measure })
    .from(liveDrops)
    .where(and(eq(liveDrops.sourceType, sourceType), eq(liveDrops.demo, false), ...since));
  return row?.n ?? 0;
}

export async function countDrops(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(liveDrops);
  return row?.n ?? 0;
}

/**
 * One game's drops (a battle's) that public reads show now, written since `since`: the bound lets the
 * (source_type, created_at) index find them among every battle's drops.
 */
export async function listShownSourceDrops(
  ex: Executor,
  source: { sourceType: number; sourceId: number; since: Date },
): Promise<DropRow[]> {
  return ex
    .select()
    .from(liveDrops)
    .where(
      and(
        eq(liveDrops.sourceType, source.sourceType),
        eq(liveDrops.sourceId, source.sourceId),
        gte(liveDrops.createdAt, source.since),
        shownNow,
      ),
    );
}

/** Recent drops of one box (its page's "最近掉落"). */
export async function listBoxDrops(ex: Executor, boxId: number, limit: number, topOnly: boolean): Promise<DropRow[]> {
  return ex
    .select()
    .from(liveDrops)
    .where(
      and(eq(liveDrops.sourceType, 21), eq(liveDrops.sourceId, boxId), shownNow, topOnly ? inArray(liveDrops.grade, [0, 1]) : undefined),
    )
    .orderBy(desc(liveDrops.id))
    .limit(limit);
}

/** A player's most valuable drops (the public card's "best drops"); ties go to the newer. */
export async function listBestDropsOf(ex: Executor, userId: number, limit: number): Promise<DropRow[]> {
  return ex
    .select()
    .from(liveDrops)
    .where(and(eq(liveDrops.userId, userId), shownNow))
    .orderBy(desc(liveDrops.recoveryPriceFen), desc(liveDrops.id))
    .limit(limit);
}
