import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { userVip } from './tables.js';

/**
 * A refunded deposit takes back the experience it earned (decision 0060), so a deposit refunded and made
 * again does not count twice toward the next grade. The grade reached stays, and so do its once-only
 * level rewards: a grade never goes down.
 */
export async function removeDepositExperience(tx: Tx, userId: number, creditFen: number): Promise<void> {
  if (creditFen <= 0) return;
  await tx
    .update(userVip)
    .set({ exp: sql`greatest(${userVip.exp} - ${creditFen}, 0)`, updatedAt: sql`now()` })
    .where(eq(userVip.userId, userId));
}
