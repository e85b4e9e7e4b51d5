import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { queryRows, toInt } from '../../platform/db/rows.js';
import { itemEventsCte } from './inventory-sql.js';
import type { InventoryState } from './tables.js';

/**
 * Moves a player's items from one state to another, each with its history row (decision 0056: item state
 * changes only through the backpack). Only the listed items that are the player's and in `from` move; the
 * caller compares the count with its list and refuses (rolling back) a list of which any item did not move.
 * The history row's values come back from the update, so they stay parameters.
 */
export async function moveItems(
  tx: Tx,
  p: { userId: number; ids: number[]; from: InventoryState; to: InventoryState; reason: string; refId: string },
): Promise<Array<{ id: number; itemId: number; valueFen: number }>> {
  if (p.ids.length === 0) return [];
  const rows = await queryRows<{ id: unknown; item_id: unknown; recovery_price_fen: unknown }>(
    tx,
    sql`WITH moved AS (
          UPDATE inventory_items SET state = ${p.to}, updated_at = now()
          WHERE id IN (${sql.join(
            p.ids.map((i) => sql`${i}`),
            sql`, `,
          )}) AND user_id = ${p.userId} AND state = ${p.from}
          RETURNING id, item_id, recovery_price_fen, ${p.from}::text AS from_state, state AS to_state,
            ${p.reason}::text AS reason, ${p.refId}::text AS ref_id
        ), ${sql.raw(itemEventsCte({ items: 'moved', from: 'from_state', to: 'to_state', reason: 'reason', refId: 'ref_id' }))}
        SELECT id, item_id, recovery_price_fen FROM moved`,
  );
  return rows.map((r) => ({ id: toInt(r.id), itemId: toInt(r.item_id), valueFen: toInt(r.recovery_price_fen) }));
}
