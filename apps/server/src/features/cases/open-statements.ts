import { statement } from '../../platform/db/raw.js';
import { PROTECTED_COLUMN } from '../protection/index.js';
import { lockSpenderCte, SPENDER_COLUMNS, SPENDER_JOINS, spendCtesFrom, type SpenderRow } from '../../platform/ledger/index.js';
import { newItemsCtes } from '../backpack/inventory-sql.js';
import { rollsCte, TAKEN_PAIR_COLUMNS, takeNoncesCte, type TakenPairRow } from '../fairness/rolls-sql.js';
import { liveDropsCte } from '../stats/live-drops-sql.js';

/**
 * The opening's two statements (issue 11, decision 0023). An opening is the product's hottest write, so it
 * is hand-written SQL rather than fifteen built queries: BEGIN, LOCK_AND_TAKE_NONCES, the roll in Node,
 * WRITE_OPENING, COMMIT. The tables belong to other features (the ledger, fairness's rolls, the backpack,
 * the feed), and each writes its own through the SQL fragment it exports (`*-sql.ts`, decision 0056); the
 * tests of those features read what these statements write.
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
  `WITH ${lockSpenderCte('$1')}, ${takeNoncesCte({ user: '$1', count: '$2::int', maxNonce: '$3::int', after: '(SELECT count(*) FROM acc) >= 0' })}
   SELECT u.status, u.minor, ${PROTECTED_COLUMN}, u.nickname, u.avatar, ${SPENDER_COLUMNS},
     ${TAKEN_PAIR_COLUMNS},
     EXISTS (SELECT 1 FROM boxes b WHERE b.id = $4 AND b.enabled AND b.current_version = $5::int
       AND b.price_fen = $6::bigint AND b.box_type = $7::smallint) AS box_current
   FROM users u
   ${SPENDER_JOINS}
   LEFT JOIN pair s ON true
   WHERE u.id = $1`,
);

export interface LockedForOpening extends SpenderRow, TakenPairRow, Record<string, unknown> {
  status: string;
  minor: boolean;
  /** Has a protection row (issue 18): only then the full limit check runs. */
  protected: boolean;
  nickname: string;
  avatar: string | null;
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
  `WITH ${spendCtesFrom(2, { code: 'case_open', refType: 'box', refId: '$7' })},
   ${rollsCte({
     values: {
       userId: '$1',
       game: '$8::text',
       seedPairId: '$9',
       nonce: 't.nonce',
       rollCode: 't.roll_code',
       rangeLow: 't.low',
       rangeHigh: 't.high',
       caseId: '$14',
       caseVersion: '$15::int',
       oddsHash: '$16',
       itemId: 't.item_id',
       pricePaidFen: 't.paid',
       publicId: 't.public_id',
       coinBeforeFen: 't.coin_before',
       pointBeforeFen: 't.point_before',
       coinAfterFen: 't.coin_after',
       pointAfterFen: 't.point_after',
     },
     from: `FROM unnest($10::int[], $11::int[], $12::int[], $13::int[], $17::bigint[], $18::bigint[], $19::text[],
       $20::bigint[], $21::bigint[], $22::bigint[], $23::bigint[])
       WITH ORDINALITY AS t(nonce, roll_code, low, high, item_id, paid, public_id, coin_before, point_before, coin_after, point_after, k)
     ORDER BY t.k`,
   })}, ${newItemsCtes({
     values: { userId: '$1', itemId: 't.item_id', sourceType: '$8::text', sourceId: '$14', recoveryPriceFen: 't.price' },
     from: `FROM unnest($17::bigint[], $24::bigint[]) WITH ORDINALITY AS t(item_id, price, k)
     ORDER BY t.k`,
     reason: '$8::text',
     refId: '$7::text',
   })}, ${liveDropsCte({
     values: {
       userId: '$1',
       nickname: '$25::text',
       headPic: '$26::text',
       giftName: 't.name',
       giftImage: 't.image',
       grade: 't.grade',
       recoveryPriceFen: 't.price',
       sourceType: '$30::int',
       sourceId: '$14',
       sourceName: '$31::text',
       sourceImage: '$32::text',
     },
     from: `FROM unnest($27::text[], $28::text[], $29::int[], $24::bigint[]) WITH ORDINALITY AS t(name, image, grade, price, k)
     ORDER BY t.k`,
   })}
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
