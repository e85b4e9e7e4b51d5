import { sql } from 'drizzle-orm';
import { dailyCounts } from '../../platform/db/window-counts.js';

/** New players (bots apart) per Beijing day of registration since `since`. */
export const dailyNewPlayers = dailyCounts({ from: sql`users`, at: sql`created_at`, where: sql`NOT is_bot` });
