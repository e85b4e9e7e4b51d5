import { sql } from 'drizzle-orm';
import { windowCounter } from '../../platform/db/window-counts.js';
import { revealedBattle } from './reveal.js';

/**
 * Battles won, counted when settled, the player in the winning seat (bots, with no user, are not ranked);
 * read by activities (issue 15). A battle still revealing its rounds is not counted yet: the ranking would
 * tell its winner before the room does (issue 24 §14).
 */
const battleWins = windowCounter({
  from: sql`battles b JOIN battle_seats s ON s.battle_id = b.id AND s.seat = b.winner_seat`,
  user: sql`s.user_id`,
  at: sql`b.ended_at`,
  where: revealedBattle(sql.raw('b')),
});
export const countBattleWins = battleWins.count;
export const topBattleWinners = battleWins.top;
