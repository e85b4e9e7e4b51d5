import { asc, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../../platform/db/client.js';
import { promotionLevels } from '../tables.js';

export type PromotionLevel = typeof promotionLevels.$inferSelect;

export const listPromotionLevels = (ex: Executor) => ex.select().from(promotionLevels).orderBy(asc(promotionLevels.level));

/** The levels, every row locked, for the console to check and change as a whole (issue 16 screen 8). */
export const lockPromotionLevels = (tx: Tx) => tx.select().from(promotionLevels).orderBy(asc(promotionLevels.level)).for('update');

/**
 * Writes the values of existing levels (the caller checked them as a whole). Levels are never added or
 * removed here: promoters hold a level number in promotion_stats.
 */
export async function writePromotionLevels(tx: Tx, levels: PromotionLevel[]): Promise<void> {
  for (const l of levels) {
    const { level, ...values } = l;
    await tx.update(promotionLevels).set(values).where(eq(promotionLevels.level, level));
  }
}
