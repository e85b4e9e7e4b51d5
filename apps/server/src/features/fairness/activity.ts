import { sql } from 'drizzle-orm';
import { windowCounter } from '../../platform/db/window-counts.js';

/**
 * Paid box openings, read by activities (issue 15): one roll per box opened. Free boxes are left out, so a
 * task or a ranking cannot be climbed with boxes that cost nothing.
 */
export const boxOpens = windowCounter({ from: sql`rolls`, user: sql`user_id`, at: sql`created_at`, where: sql`game = 'case'` });
export const countBoxOpens = boxOpens.count;
export const topBoxOpeners = boxOpens.top;
