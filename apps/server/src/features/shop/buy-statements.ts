import { statement } from '../../platform/db/raw.js';
import { PROTECTED_COLUMN } from '../protection/index.js';
import { lockSpenderCte, SPENDER_COLUMNS, SPENDER_JOINS, spendCtesFrom, type SpenderRow } from '../../platform/ledger/index.js';
import { newItemsCtes } from '../backpack/inventory-sql.js';

/**
 * A purchase in the opening's shape (issue 11, decision 0023): BEGIN, LOCK_FOR_PURCHASE, the price and
 * any coupon in Node, WRITE_PURCHASE, COMMIT.
 */

/** Locks the buyer's coin and point rows and reads the buyer's state and the stock line. $1 user, $2 stock. */
export const LOCK_FOR_PURCHASE = statement(
  'shop_lock_for_purchase',
  `WITH ${lockSpenderCte('$1')}
   SELECT u.status, u.minor, ${PROTECTED_COLUMN}, ${SPENDER_COLUMNS},
     s.id AS stock_id, s.enabled, s.price_fen, s.item_id,
     -- A bought copy is worth at most what it cost at the list price (decision 0051).
     LEAST(i.recovery_price_fen, s.price_fen) AS recovery_price_fen
   FROM users u
   ${SPENDER_JOINS}
   LEFT JOIN shop_stock s ON s.id = $2
   LEFT JOIN items i ON i.id = s.item_id
   WHERE u.id = $1`,
);

export interface LockedForPurchase extends SpenderRow, Record<string, unknown> {
  status: string;
  minor: boolean;
  /** Has a protection row (issue 18): only then the full limit check runs. */
  protected: boolean;
  stock_id: unknown;
  enabled: boolean | null;
  price_fen: unknown;
  item_id: unknown;
  recovery_price_fen: unknown;
}

/**
 * The debit, the stock taken only if that many are left at the unit price read by LOCK_FOR_PURCHASE, the
 * purchase row, the backpack items and their history rows (the backpack's fragment, decision 0056). No
 * `stock` row back: sold out, or an operator changed the price since it was read (the update waits for that
 * change and sees it: decision 0051), and the caller rolls the whole purchase back.
 * $1 user, $2 coin account, $3 coin fen, $4 point account, $5 point fen, $6 house account, $7 stock id as
 * text, $8 stock, $9 quantity, $10 item, $11 amount paid, $12 recovery price, $13 unit price read.
 */
export const WRITE_PURCHASE = statement(
  'shop_write_purchase',
  `WITH ${spendCtesFrom(2, { code: 'shop_buy', refType: 'shop_stock', refId: '$7' })},
   taken AS (
     UPDATE shop_stock SET stock = stock - $9::int WHERE id = $8 AND enabled AND stock >= $9::int AND price_fen = $13::bigint RETURNING id
   ), purchase AS (
     INSERT INTO purchases (user_id, stock_id, item_id, quantity, amount_fen)
     SELECT $1, $8, $10, $9::int, $11::bigint FROM taken RETURNING id
   ), ${newItemsCtes({
     values: { userId: '$1', itemId: '$10', sourceType: "'shop'", sourceId: 'p.id', recoveryPriceFen: '$12::bigint' },
     from: 'FROM purchase p, generate_series(1, $9::int)',
     reason: "'shop'",
     refId: 'source_id::text',
   })}
   SELECT (SELECT count(*) FROM moved) AS transfers, (SELECT count(*) FROM taken) AS taken,
     (SELECT array_agg(id ORDER BY id) FROM inv) AS item_ids`,
);

export interface WrittenPurchase extends Record<string, unknown> {
  transfers: unknown;
  taken: unknown;
  item_ids: unknown[] | null;
}

/** A line's price as committed now (a new statement, a new snapshot). $1 stock. */
export const PRICE_NOW = statement('shop_price_now', `SELECT price_fen FROM shop_stock WHERE id = $1`);
