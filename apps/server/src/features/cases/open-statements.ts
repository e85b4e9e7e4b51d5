import { statement } from '../../platform/db/raw.js';
import { PROTECTED_COLUMN } from '../protection/index.js';
import { lockSpenderCte, SPENDER_COLUMNS, SPENDER_JOINS, spendCtes, type SpenderRow } from '../../platform/ledger/index.js';

/**
 * The opening's two statements (issue 11, decision 0023). An opening is the product's hottest write, so it
 * is hand-written SQL rather than fifteen built queries: BEGIN, LOCK_AND_TAKE_NONCES, the roll in Node,
 * WRITE_OPENING, COMMIT. The tables belong to other features (the ledger, fairness's rolls, the backpack,
 * the feed); their meaning is theirs, and the tests of those features read what these statements write.
 */

/**
 * Locks the player's coin and point rows (in id order, as every spend does), then takes `count` nonces of
 * the active seed pair (PF v1: in the same transaction, a failed opening consumes none), and reads the
 * player's state and whether the box still matches what the opening was priced from. The sub-select on
 * `acc` makes the account locks come before the pair's, the order every other money path uses.
 * No pair row back: the player has no active pair yet, the pair has no client seed (takeNonces refuses:
 * issue 24 §13), or the pair would pass MAX_NONCE (rotate first).
 * $1 user, $2 count, $3 MAX_NONCE, $4 box, $5 version, $6 price, $7 box type.
 */
export const LOCK_AND_TAKE_NONCES = statement(
  'open_lock_and_take_nonces',
  `WITH ${lockSpenderCte('$1')}, pair AS (
     UPDATE seed_pairs SET nonce = nonce + $2::int
     WHERE user_id = $1 AND state = 'active' AND client_seed IS NOT NULL AND nonce <= $3::int - $2::int AND (SELECT count(*) FROM acc) >= 0
     RETURNING id, server_seed, client_seed, public_hash, nonce - $2::int AS first_nonce
   )
   SELECT u.status, u.minor, ${PROTECTED_COLUMN}, u.nickname, u.avatar, ${SPENDER_COLUMNS},
     s.id AS pair_id, s.server_seed, s.client_seed, s.public_hash, s.first_nonce,
     EXISTS (SELECT 1 FROM boxes b WHERE b.id = $4 AND b.enabled AND b.current_version = $5::int
       AND b.price_fen = $6::bigint AND b.box_type = $7::smallint) AS box_current
   FROM users u
   ${SPENDER_JOINS}
   LEFT JOIN pair s ON true
   WHERE u.id = $1`,
);

export interface LockedForOpening extends SpenderRow, Record<string, unknown> {
  status: string;
  minor: boolean;
  /** Has a protection row (issue 18): only then the full limit check runs. */
  protected: boolean;
  nickname: string;
  avatar: string | null;
  pair_id: unknown;
  server_seed: string | null;
  client_seed: string | null;
  public_hash: string | null;
  first_nonce: unknown;
  box_current: boolean;
}

/**
 * Everything an opening writes, in one statement: the debit of coins then points (each conditional on
 * the balance, which the first statement locked), one credit of the house shard, a transfer row per
 * debited kind with both balances after, the roll records, the backpack items and their history rows, and
 * the feed rows. The counts and ids come back so the caller can check that every part happened.
 * $1 user, $2 coin account, $3 coin fen, $4 point account, $5 point fen, $6 house account, $7 box id as
 * text, $8 game ('case' | 'free_case'), $9 seed pair, $10 nonces, $11 roll codes, $12 range lows, $13 range
 * highs, $14 box, $15 version, $16 odds hash, $17 item ids, $18 prices paid, $19 share ids, $20–$23 each
 * opening's coin and point before and after (arrays in nonce order: cases/opening-balances.ts), $24
 * recovery prices, $25 nickname, $26 avatar, $27 item names, $28 item images, $29 grades, $30 feed source
 * type, $31 box name, $32 box image.
 */
export const WRITE_OPENING = statement(
  'open_write_opening',
  `WITH ${spendCtes({ coinAccount: '$2', coinFen: '$3', pointAccount: '$4', pointFen: '$5', houseAccount: '$6', code: 'case_open', refType: 'box', refId: '$7' })},
   r AS (
     INSERT INTO rolls (user_id, game, seed_pair_id, nonce, roll_code, range_low, range_high, case_id, case_version,
       odds_hash, item_id, price_paid_fen, public_id, coin_before_fen, point_before_fen, coin_after_fen, point_after_fen)
     SELECT $1, $8::text, $9, t.nonce, t.roll_code, t.low, t.high, $14, $15::int, $16, t.item_id, t.paid, t.public_id,
       t.coin_before, t.point_before, t.coin_after, t.point_after
     FROM unnest($10::int[], $11::int[], $12::int[], $13::int[], $17::bigint[], $18::bigint[], $19::text[],
       $20::bigint[], $21::bigint[], $22::bigint[], $23::bigint[])
       WITH ORDINALITY AS t(nonce, roll_code, low, high, item_id, paid, public_id, coin_before, point_before, coin_after, point_after, k)
     ORDER BY t.k
     RETURNING id
   ), inv AS (
     INSERT INTO inventory_items (user_id, item_id, source_type, source_id, recovery_price_fen)
     SELECT $1, t.item_id, $8::text, $14, t.price
     FROM unnest($17::bigint[], $24::bigint[]) WITH ORDINALITY AS t(item_id, price, k)
     ORDER BY t.k
     RETURNING id
   ), events AS (
     INSERT INTO inventory_events (inventory_item_id, from_state, to_state, reason, ref_id)
     SELECT id, NULL, 'in_backpack', $8::text, $7::text FROM inv
   ), feed AS (
     INSERT INTO live_drops (user_id, nickname, head_pic, gift_name, gift_image, grade, recovery_price_fen,
       source_type, source_id, source_name, source_image)
     SELECT $1, $25::text, $26::text, t.name, t.image, t.grade, t.price, $30::int, $14, $31::text, $32::text
     FROM unnest($27::text[], $28::text[], $29::int[], $24::bigint[]) WITH ORDINALITY AS t(name, image, grade, price, k)
     ORDER BY t.k
     RETURNING id, created_at
   )
   SELECT (SELECT count(*) FROM moved) AS transfers,
     (SELECT array_agg(id ORDER BY id) FROM r) AS roll_ids,
     (SELECT array_agg(id ORDER BY id) FROM inv) AS item_ids,
     (SELECT array_agg(id ORDER BY id) FROM feed) AS drop_ids,
     (SELECT min(created_at) FROM feed) AS created_at`,
);

export interface WrittenOpening extends Record<string, unknown> {
  transfers: unknown;
  roll_ids: unknown[] | null;
  item_ids: unknown[] | null;
  drop_ids: unknown[] | null;
  created_at: unknown;
}
