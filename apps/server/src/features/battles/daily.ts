import { sql } from 'drizzle-orm';
import { dailyCounts } from '../../platform/db/window-counts.js';

/** Battles settled (state ended; cancelled and voided ones are refunds, not games) per Beijing day since `since`. */
export const dailySettledBattles = dailyCounts({ from: sql`battles`, at: sql`ended_at`, where: sql`state = 'ended'` });
