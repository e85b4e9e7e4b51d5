import { sql } from 'drizzle-orm';
import { windowCounter } from '../../platform/db/window-counts.js';

/**
 * Battles won, counted when settled, the player in the winning seat (bots, with no user, are not ranked);
 * read by activities (issue 15).
 */
const battleWins = windowCounter({
  from: sql`battles b JOIN battle_seats s ON s.battle_id = b.id AND s.seat = b.winner_seat`,
  user: sql`s.user_id`,
  at: sql`b.ended_at`,
  where: sql`b.state = 'ended'`,
});
export const countBattleWins = battleWins.count;
export const topBattleWinners = battleWins.top;
