import { statement } from '../../platform/db/raw.js';
import { PROTECTED_COLUMN } from '../protection/index.js';
import { lockSpenderCte, spendCtes } from '../../platform/ledger/index.js';
import { newItemsCtes } from '../backpack/inventory-sql.js';
import { rollsCte, takeNoncesCte } from '../fairness/rolls-sql.js';
import { liveDropsCte } from '../stats/live-drops-sql.js';

/**
 * A paid opening as one statement in autocommit: one round trip (issue 28, decision 0062). The roll is drawn
 * inside the database (`pf_roll_code`, migration 0045, the same PF v1 as packages/fairness), so deciding,
 * taking the nonces, paying and writing need no answer from Node in between. The same writes as
 * LOCK_AND_TAKE_NONCES then WRITE_OPENING, through the same owners' fragments:
 *
 * - `acc` locks the coin and point rows (id order); `g` reads the player, the box hint and the balances;
 *   `ok` keeps that row only when the plain path applies (an active adult without a protection row, the box
 *   as priced, both accounts, enough money); the seed pair is taken only then, after the accounts' locks.
 * - `go` is `ok` with the pair; no row (no pair yet, no client seed, the nonce cap, any check above) means
 *   nothing is written and the caller runs the two-statement transaction, which answers every refusal.
 * - `o` is one row per opening: nonce, roll, the range it landed in (the box version's ranges and items come
 *   as arrays from the caller's box, checked current in `g`), what it paid and its own balances
 *   (cases/opening-balances.ts in SQL: coins first over the openings in nonce order).
 * - The statement checks its own writes (`skinfair_assert`): all of them or none.
 *
 * $1 user, $2 count, $3 MAX_NONCE, $4 box, $5 version, $6 price, $7 box type, $8 house account, $9 box id
 * as text, $10 game, $11–$17 the version's ranges (low, high) with each range's item (id, recovery price,
 * name, image, grade), $18 odds hash, $19 share ids, $20 feed source type, $21 box name, $22 box image.
 */
export const OPEN_IN_ONE = statement(
  'open_in_one',
  `WITH ${lockSpenderCte('$1')},
   g AS (
     SELECT u.status, u.minor, ${PROTECTED_COLUMN}, u.nickname, u.avatar,
       c.id AS coin_id, c.balance_fen AS coin_fen, p.id AS point_id, p.balance_fen AS point_fen,
       EXISTS (SELECT 1 FROM boxes b WHERE b.id = $4 AND b.enabled AND b.current_version = $5::int
         AND b.price_fen = $6::bigint AND b.box_type = $7::smallint) AS box_current,
       $6::bigint * $2::int AS amount
     FROM users u LEFT JOIN acc c ON c.kind = 'coin' LEFT JOIN acc p ON p.kind = 'point'
     WHERE u.id = $1
   ), ok AS (
     SELECT g.*, least(g.coin_fen, g.amount) AS coin_spend, g.amount - least(g.coin_fen, g.amount) AS point_spend
     FROM g
     WHERE g.status = 'active' AND NOT g.minor AND NOT g.protected AND g.box_current
       AND g.coin_id IS NOT NULL AND g.point_id IS NOT NULL AND g.coin_fen + g.point_fen >= g.amount
   ), ${takeNoncesCte({ user: '$1', count: '$2::int', maxNonce: '$3::int', after: 'EXISTS (SELECT 1 FROM ok)' })},
   go AS (
     SELECT ok.*, s.id AS pair_id, s.server_seed, s.client_seed, s.public_hash, s.first_nonce FROM ok JOIN pair s ON true
   ), ${spendCtes({
     coinAccount: '(SELECT coin_id FROM go)',
     coinFen: '(SELECT coin_spend FROM go)',
     pointAccount: '(SELECT point_id FROM go)',
     pointFen: '(SELECT point_spend FROM go)',
     houseAccount: '$8',
     code: 'case_open',
     refType: 'box',
     refId: '$9',
   })},
   o AS (
     SELECT k, go.first_nonce + k AS nonce, x.roll_code, rg.low, rg.high, rg.item_id, rg.price, rg.name, rg.image, rg.grade,
       sid.public_id, go.pair_id, go.nickname, go.avatar,
       go.coin_fen - least(go.coin_spend, k * $6::bigint) AS coin_before,
       go.point_fen - (k * $6::bigint - least(go.coin_spend, k * $6::bigint)) AS point_before,
       go.coin_fen - least(go.coin_spend, (k + 1) * $6::bigint) AS coin_after,
       go.point_fen - ((k + 1) * $6::bigint - least(go.coin_spend, (k + 1) * $6::bigint)) AS point_after
     FROM go
     CROSS JOIN unnest($19::text[]) WITH ORDINALITY AS sid(public_id, n)
     CROSS JOIN LATERAL (SELECT (sid.n - 1)::int AS k) kk
     CROSS JOIN LATERAL (SELECT pf_roll_code(go.server_seed, 'case:' || go.client_seed || ':' || (go.first_nonce + k)) AS roll_code) x
     JOIN unnest($11::int[], $12::int[], $13::bigint[], $14::bigint[], $15::text[], $16::text[], $17::int[])
       AS rg(low, high, item_id, price, name, image, grade) ON x.roll_code BETWEEN rg.low AND rg.high
   ), ${rollsCte({
     values: {
       userId: '$1',
       game: '$10::text',
       seedPairId: 'o.pair_id',
       nonce: 'o.nonce',
       rollCode: 'o.roll_code',
       rangeLow: 'o.low',
       rangeHigh: 'o.high',
       caseId: '$4',
       caseVersion: '$5::int',
       oddsHash: '$18',
       itemId: 'o.item_id',
       pricePaidFen: '$6::bigint',
       publicId: 'o.public_id',
       coinBeforeFen: 'o.coin_before',
       pointBeforeFen: 'o.point_before',
       coinAfterFen: 'o.coin_after',
       pointAfterFen: 'o.point_after',
     },
     from: 'FROM o ORDER BY o.k',
   })}, ${newItemsCtes({
     values: { userId: '$1', itemId: 'o.item_id', sourceType: '$10::text', sourceId: '$4', recoveryPriceFen: 'o.price' },
     from: 'FROM o ORDER BY o.k',
     reason: '$10::text',
     refId: '$9::text',
   })}, ${liveDropsCte({
     values: {
       userId: '$1',
       nickname: 'o.nickname',
       headPic: 'o.avatar',
       giftName: 'o.name',
       giftImage: 'o.image',
       grade: 'o.grade',
       recoveryPriceFen: 'o.price',
       sourceType: '$20::int',
       sourceId: '$4',
       sourceName: '$21::text',
       sourceImage: '$22::text',
     },
     from: 'FROM o ORDER BY o.k',
   })},
   done AS (
     SELECT (SELECT count(*) FROM go) AS went,
       (SELECT count(*) FROM moved) AS transfers,
       (SELECT (coin_spend > 0)::int + (point_spend > 0)::int FROM go) AS transfers_expected,
       (SELECT count(*) FROM o) AS outcomes,
       (SELECT array_agg(id ORDER BY id) FROM r) AS roll_ids,
       (SELECT array_agg(id ORDER BY id) FROM inv) AS item_ids,
       (SELECT array_agg(id ORDER BY id) FROM feed) AS drop_ids,
       (SELECT min(created_at) FROM feed) AS created_at,
       (SELECT array_agg(roll_code ORDER BY k) FROM o) AS roll_codes,
       (SELECT array_agg(item_id ORDER BY k) FROM o) AS won_item_ids
   )
   SELECT done.*, go.coin_fen, go.point_fen, go.coin_spend, go.point_spend, go.public_hash, go.first_nonce, go.nickname, go.avatar,
     skinfair_assert(
       done.went = 0 OR (done.transfers = done.transfers_expected AND done.outcomes = $2::int
         AND cardinality(done.roll_ids) = $2::int AND cardinality(done.item_ids) = $2::int AND cardinality(done.drop_ids) = $2::int),
       'an opening wrote only some of its rows'
     ) AS checked
   FROM done LEFT JOIN go ON true`,
);

export interface OpenedInOne extends Record<string, unknown> {
  went: unknown;
  coin_fen: unknown;
  point_fen: unknown;
  coin_spend: unknown;
  point_spend: unknown;
  public_hash: string | null;
  first_nonce: unknown;
  roll_ids: unknown[] | null;
  item_ids: unknown[] | null;
  drop_ids: unknown[] | null;
  created_at: unknown;
  roll_codes: unknown[] | null;
  won_item_ids: unknown[] | null;
  nickname: string | null;
  avatar: string | null;
}
