import { sql, type SQL } from 'drizzle-orm';
import { BATTLE_ROUND_MS } from '@skinfair/contract';

/**
 * When an ended battle's room has shown every round: its end plus one BATTLE_ROUND_MS per round after the
 * first (revealedRounds in service.ts, and the moment event 23 goes out in reveal-job.ts). `b` is the alias of
 * the `battles` row in the caller's statement.
 */
export const revealEndOf = (b: SQL) =>
  sql`${b}.ended_at + ((SELECT count(*) FROM battle_boxes x WHERE x.battle_id = ${b}.id) - 1) * make_interval(secs => ${BATTLE_ROUND_MS / 1000})`;

/**
 * An ended battle whose reveal is over at `at` (now by default): public lists and counts that would tell
 * the outcome (a win, a drop, a bot's record) read only these, so nobody learns the winner before the room
 * shows it (issue 24 §14).
 */
export const revealedBattle = (b: SQL, at: SQL = sql`now()`) => sql`${b}.state = 'ended' AND ${revealEndOf(b)} <= ${at}`;
