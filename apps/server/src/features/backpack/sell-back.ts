import { statement } from '../../platform/db/raw.js';

/**
 * The sell-back rule (issue 30 §2, decision 0051): a player never sells an item back for more than the shop
 * charges for it at that moment. A backpack copy sells back (a swap, or a stake in a dream) for the lower of
 * its own value (the recovery price frozen when it entered the backpack, decisions/0010) and the price of
 * the item's shop line; an item the shop does not list sells back for its own value.
 *
 * "At that moment" is the moment the sale commits. Every change of an item's recovery price or of its shop
 * line's price locks the catalogue item row FOR UPDATE first (the console's item, shop and import paths), and
 * a sale locks the rows of the items it sells FOR KEY SHARE in a statement of its own, before the statement
 * that reads the prices: a change in progress makes the sale wait, and no change can commit between the
 * sale's read and its commit. KEY SHARE does not conflict with a purchase taking stock (a plain update of
 * the shop line) nor with other sales, only with those explicit FOR UPDATE locks.
 */

/** Locks the catalogue rows of the player's backpack items being sold, in id order. $1 user, $2 item ids. */
export const LOCK_ITEMS_FOR_SELL_BACK = statement(
  'backpack_lock_items_for_sell_back',
  `SELECT i.id FROM items i
   WHERE i.id IN (SELECT item_id FROM inventory_items WHERE id = ANY($2::bigint[]) AND user_id = $1)
   ORDER BY i.id FOR KEY SHARE OF i`,
);

/**
 * The SQL of one copy's sell-back value, from its own value and its item's id (column references of the
 * statement it is used in). Used only after LOCK_ITEMS_FOR_SELL_BACK, in a later statement.
 */
export const sellBackFenSql = (valueColumn: string, itemColumn: string) =>
  `LEAST(${valueColumn}, coalesce((SELECT s.price_fen FROM shop_stock s WHERE s.item_id = ${itemColumn}), ${valueColumn}))`;
