import { statement } from '../../platform/db/raw.js';
import { PROTECTED_COLUMN } from '../protection/index.js';
import { lockSpenderCte, SPENDER_COLUMNS, SPENDER_JOINS, spendCtesFrom, type SpenderRow } from '../../platform/ledger/index.js';

/**
 * A seat bought in the opening's shape (decision 0023): the battle row is locked first (repo.ts), then
 * LOCK_FOR_ENTRY, the split in Node, WRITE_ENTRY. The ledger's rules come from spend-sql.ts.
 */

/** Locks the player's coin and point rows, reads the player and the active client seed. $1 user. */
export const LOCK_FOR_ENTRY = statement(
  'battle_lock_for_entry',
  `WITH ${lockSpenderCte('$1')}
   SELECT u.status, u.minor, ${PROTECTED_COLUMN}, ${SPENDER_COLUMNS},
     (SELECT client_seed FROM seed_pairs sp WHERE sp.user_id = $1 AND sp.state = 'active') AS client_seed
   FROM users u
   ${SPENDER_JOINS}
   WHERE u.id = $1`,
);

export interface LockedForEntry extends SpenderRow, Record<string, unknown> {
  status: string;
  minor: boolean;
  /** Has a protection row (issue 18): only then the full limit check runs. */
  protected: boolean;
  client_seed: string | null;
}

/**
 * The entry fee (coins then points into the house's revenue shard) and the seat, together.
 * $1 coin account, $2 coin fen, $3 point account, $4 point fen, $5 house account, $6 battle id as text,
 * $7 battle id, $8 seat, $9 user, $10 client seed.
 */
export const WRITE_ENTRY = statement(
  'battle_write_entry',
  `WITH ${spendCtesFrom(1, { code: 'battle_stake', refType: 'battle', refId: '$6' })},
   seat AS (
     INSERT INTO battle_seats (battle_id, seat, user_id, client_seed, coin_fen, point_fen)
     VALUES ($7, $8::smallint, $9, $10, $2::bigint, $4::bigint) RETURNING seat
   )
   SELECT (SELECT count(*) FROM moved) AS transfers, (SELECT count(*) FROM seat) AS seated`,
);

export interface WrittenEntry extends Record<string, unknown> {
  transfers: unknown;
  seated: unknown;
}
