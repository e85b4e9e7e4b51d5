import { statement } from '../../platform/db/raw.js';
import { PROTECTED_COLUMN } from '../protection/index.js';
import { lockSpenderCte, SPENDER_COLUMNS, SPENDER_JOINS, spendCtesFrom, type SpenderRow } from '../../platform/ledger/index.js';
import { sellBackFenSql } from '../backpack/index.js';
import { moveItemsCtes, newItemsCtes } from '../backpack/inventory-sql.js';
import { rollsCte, TAKEN_PAIR_COLUMNS, takeNoncesCte, type TakenPairRow } from '../fairness/rolls-sql.js';
import { liveDropsCte } from '../stats/live-drops-sql.js';

/**
 * A dream's three statements (decision 0023's shape, decision 0027): BEGIN, STAKE_ITEMS, LOCK_AND_TAKE_NONCE,
 * the roll in Node, WRITE_DREAM, COMMIT. They write tables of the backpack (staked items leave it, a won
 * item enters it), fairness (the roll), the ledger (the fee's coins) and the feed, each through the SQL
 * fragment its owner exports (`*-sql.ts`, decision 0056); those features' tests read such rows back through
 * their own APIs.
 */

/**
 * Takes the staked items out of the backpack first, before any account lock, in the order a swap or a
 * withdrawal takes them (items, then accounts): the update is conditional on the owner and the state, so
 * of a dream, a swap and a withdrawal racing for one item exactly one moves it; the others see 0 rows.
 * Also reserves the dream's id, which the items' history rows and every later row name. A staked copy
 * counts at its sell-back value (its recovery price, at most what the shop charges now: decision 0051), after
 * LOCK_ITEMS_FOR_SELL_BACK.
 * $1 user, $2 item ids.
 */
export const STAKE_ITEMS = statement(
  'dream_stake_items',
  `WITH d AS (SELECT nextval(pg_get_serial_sequence('dreams', 'id')) AS id),
   ${moveItemsCtes({
     user: '$1',
     ids: '$2::bigint[]',
     from: 'in_backpack',
     to: 'used',
     reason: "'dream'",
     refId: '(SELECT id FROM d)::text',
     returning: `${sellBackFenSql('inventory_items.recovery_price_fen', 'inventory_items.item_id')} AS fen`,
   })}
   SELECT d.id AS dream_id, (SELECT count(*) FROM moved) AS n,
     (SELECT coalesce(sum(fen), 0) FROM moved) AS fen FROM d`,
);

export interface StakedItems extends Record<string, unknown> {
  dream_id: unknown;
  n: unknown;
  fen: unknown;
}

/**
 * Locks the player's coin and point rows (id order), then takes one nonce of the active seed pair (PF v1
 * §4; the account locks come first, as in every money path), and reads the player's state and the target
 * item's price now (the snapshot T). No pair row back: no active pair yet, no client seed (takeNonces
 * refuses: issue 24 §13), or it would pass MAX_NONCE.
 * $1 user, $2 MAX_NONCE, $3 target item.
 */
export const LOCK_AND_TAKE_NONCE = statement(
  'dream_lock_and_take_nonce',
  `WITH ${lockSpenderCte('$1')}, ${takeNoncesCte({ user: '$1', count: '1', maxNonce: '$2::int', after: '(SELECT count(*) FROM acc) >= 0' })}
   SELECT u.status, u.minor, ${PROTECTED_COLUMN}, u.nickname, u.avatar, ${SPENDER_COLUMNS},
     ${TAKEN_PAIR_COLUMNS},
     i.id AS target_id, i.name AS target_name, i.image AS target_image, i.grade AS target_grade,
     i.recovery_price_fen AS target_price_fen
   FROM users u
   ${SPENDER_JOINS}
   LEFT JOIN pair s ON true
   LEFT JOIN items i ON i.id = $3
   WHERE u.id = $1`,
);

export interface LockedForDream extends SpenderRow, TakenPairRow, Record<string, unknown> {
  status: string;
  minor: boolean;
  /** Has a protection row (issue 18): only then the full limit check runs. */
  protected: boolean;
  nickname: string;
  avatar: string | null;
  target_id: unknown;
  target_name: string | null;
  target_image: string | null;
  target_grade: unknown;
  target_price_fen: unknown;
}

/**
 * Everything else a dream writes: the debit of coins then points (each conditional on its locked balance)
 * with the house shard's credit and transfer rows, the roll (range 1–P, the fee as price paid, T and the
 * return rate), on a win the target in the backpack with its history row and the feed row, and the dream.
 * $1 user, $2 coin account, $3 coin fen, $4 point account, $5 point fen, $6 house account, $7 dream id,
 * $8 dream id as text, $9 seed pair, $10 nonce, $11 roll code, $12 P, $13 target item, $14 fee,
 * $15 share id, $16–$19 coin and point before and after, $20 T, $21 return rate, $22 won, $23 coins paid,
 * $24 items value, $25 staked item ids, $26 nickname, $27 avatar, $28 target name, $29 target image,
 * $30 grade, $31 feed source type, $32 feed source name.
 */
export const WRITE_DREAM = statement(
  'dream_write',
  `WITH ${spendCtesFrom(2, { code: 'dream_fee', refType: 'dream', refId: '$8' })},
   ${rollsCte({
     values: {
       userId: '$1',
       game: "'dream'",
       seedPairId: '$9',
       nonce: '$10::int',
       rollCode: '$11::int',
       rangeLow: '1',
       rangeHigh: '$12::int',
       itemId: '$13',
       pricePaidFen: '$14::bigint',
       publicId: '$15::text',
       coinBeforeFen: '$16::bigint',
       pointBeforeFen: '$17::bigint',
       coinAfterFen: '$18::bigint',
       pointAfterFen: '$19::bigint',
       targetPriceFen: '$20::bigint',
       returnRateBp: '$21::int',
     },
   })}, ${newItemsCtes({
     values: { userId: '$1', itemId: '$13', sourceType: "'dream'", sourceId: '$7::bigint', recoveryPriceFen: '$20::bigint' },
     from: 'WHERE $22::boolean',
     reason: "'dream'",
     refId: '$8::text',
   })}, dream AS (
     INSERT INTO dreams (id, user_id, target_item_id, target_price_fen, probability, return_rate_bp, fee_fen,
       coins_paid_fen, items_value_fen, staked_item_ids, roll_id, won, won_inventory_item_id)
     OVERRIDING SYSTEM VALUE
     SELECT $7::bigint, $1, $13, $20::bigint, $12::int, $21::int, $14::bigint, $23::bigint, $24::bigint, $25::bigint[],
       r.id, $22::boolean, (SELECT id FROM inv)
     FROM r
     RETURNING id, created_at
   ), ${liveDropsCte({
     values: {
       userId: '$1',
       nickname: '$26::text',
       headPic: '$27::text',
       giftName: '$28::text',
       giftImage: '$29::text',
       grade: '$30::int',
       recoveryPriceFen: '$20::bigint',
       sourceType: '$31::int',
       sourceId: '$7::bigint',
       sourceName: '$32::text',
       sourceImage: 'NULL',
     },
     from: 'FROM inv',
   })}
   SELECT (SELECT count(*) FROM moved) AS transfers, (SELECT id FROM r) AS roll_id, (SELECT id FROM inv) AS item_id,
     (SELECT id FROM dream) AS dream_id, (SELECT created_at FROM dream) AS created_at, (SELECT id FROM feed) AS drop_id`,
);

export interface WrittenDream extends Record<string, unknown> {
  transfers: unknown;
  roll_id: unknown;
  item_id: unknown;
  dream_id: unknown;
  created_at: unknown;
  drop_id: unknown;
}
