import { sql } from 'drizzle-orm';
import { windowCounter } from '../../platform/db/window-counts.js';

/** Deposits paid (state 1), of any amount, counted when they were paid; read by activities (issue 15). */
const paidDeposits = windowCounter({ from: sql`deposit_orders`, user: sql`user_id`, at: sql`finished_at`, where: sql`state = 1` });
export const countPaidDeposits = paidDeposits.count;
export const topDepositors = paidDeposits.top;
