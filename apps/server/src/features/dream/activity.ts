import { sql } from 'drizzle-orm';
import { windowCounter } from '../../platform/db/window-counts.js';

/** Dreams played, won or lost, read by activities (issue 15). */
export const dreamsPlayed = windowCounter({ from: sql`dreams`, user: sql`user_id`, at: sql`created_at`, where: sql`true` });
export const countDreams = dreamsPlayed.count;
export const topDreamers = dreamsPlayed.top;
