import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import { vipGrades } from '../tables.js';

export type VipGrade = typeof vipGrades.$inferSelect;

/** The ladder, every row locked, for the console to check and change as a whole (issue 16 screen 8). */
export const lockVipGrades = (tx: Tx) => tx.select().from(vipGrades).orderBy(asc(vipGrades.grade)).for('update');

/**
 * Writes the values of existing grades (the caller checked the ladder as a whole). Grades are never added
 * or removed here: players hold a grade number, and a level-up reward is keyed by it.
 */
export async function writeVipGrades(tx: Tx, grades: VipGrade[]): Promise<void> {
  for (const g of grades) {
    const { grade, ...values } = g;
    await tx.update(vipGrades).set(values).where(eq(vipGrades.grade, grade));
  }
}
