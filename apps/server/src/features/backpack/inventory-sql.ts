import { insertColumns } from '../../platform/db/columns-sql.js';
import { inventoryItems, type InventoryState } from './tables.js';

/**
 * The backpack's part of other features' hand-written statements (issue 25 §2, decision 0056): the backpack
 * owns inventory_items and inventory_events, and this file is the one writer of inventory_events' SQL text.
 * An item changes state, or enters the backpack, with one history row each, in the same statement as the
 * game or purchase that moved it (decision 0023 keeps the hot paths one statement). Arguments are SQL text
 * (parameter references such as `$2`, or columns of the statement), never values; states are literals.
 */

const STATE = /^[a-z_]+$/;
const state = (s: InventoryState) => {
  if (!STATE.test(s)) throw new Error(`inventory state ${s} is an SQL literal`);
  return `'${s}'`;
};

/** CTE `events`: a history row for each row of `items` (a CTE with column `id`). */
export function itemEventsCte(p: { items: string; from: string; to: string; reason: string; refId?: string }): string {
  return `events AS (
     INSERT INTO inventory_events (inventory_item_id, from_state, to_state, reason, ref_id)
     SELECT id, ${p.from}, ${p.to}, ${p.reason}, ${p.refId ?? 'NULL'} FROM ${p.items}
   )`;
}

/**
 * CTEs `moved` and `events`: the listed items move from one state to another only if they are the player's
 * and in the `from` state (so of two paths racing for an item exactly one moves it), each with its history
 * row. `moved` returns `id` and the `returning` columns; the caller compares its count with the list's.
 */
export function moveItemsCtes(p: {
  user: string;
  ids: string;
  from: InventoryState;
  to: InventoryState;
  reason: string;
  refId?: string;
  /** A further condition, e.g. that the player is still active. */
  where?: string;
  returning?: string;
}): string {
  return `moved AS (
     UPDATE inventory_items SET state = ${state(p.to)}, updated_at = now()
     WHERE id = ANY(${p.ids}) AND user_id = ${p.user} AND state = ${state(p.from)}${p.where ? ` AND ${p.where}` : ''}
     RETURNING id${p.returning ? `, ${p.returning}` : ''}
   ), ${itemEventsCte({ items: 'moved', from: state(p.from), to: state(p.to), reason: p.reason, refId: p.refId })}`;
}

/**
 * CTEs `inv` and `events`: new backpack items (state 'in_backpack'), one per row of `from` (a FROM / WHERE /
 * ORDER BY tail for the SELECT, or nothing for one row), each with its history row. `inv` returns `id` and
 * `source_id`.
 */
export function newItemsCtes(p: {
  values: {
    userId: string;
    itemId: string;
    sourceType: string;
    sourceId: string;
    recoveryPriceFen: string;
  };
  from?: string;
  reason: string;
  refId: string;
}): string {
  const { columns, select } = insertColumns(inventoryItems, p.values);
  return `inv AS (
     INSERT INTO inventory_items (${columns})
     SELECT ${select}${p.from ? `\n     ${p.from}` : ''}
     RETURNING id, source_id
   ), ${itemEventsCte({ items: 'inv', from: 'NULL', to: state('in_backpack'), reason: p.reason, refId: p.refId })}`;
}
