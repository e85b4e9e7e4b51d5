import { statement } from '../../platform/db/raw.js';
import { sellBackFenSql } from './sell-back.js';

/**
 * A swap (exchangeQuantity) in one statement (issue 11, decision 0023): the items leave the backpack only
 * if they are the player's and still in it, each gets its history row, and the house's payouts shard pays
 * their sell-back values into the player's coins with one transfer row: each copy's recovery price, at most
 * what the shop charges for the item now (sell-back.ts; run after LOCK_ITEMS_FOR_SELL_BACK). The counts
 * come back so the caller refuses (and rolls back) a list of which any item did not move.
 * $1 user, $2 item ids, $3 the house payouts account.
 */
export const SWAP_ITEMS = statement(
  'backpack_swap_items',
  `WITH u AS (SELECT id FROM users WHERE id = $1 AND status = 'active'),
   moved AS (
     UPDATE inventory_items SET state = 'exchanged', updated_at = now()
     WHERE id = ANY($2::bigint[]) AND user_id = $1 AND state = 'in_backpack' AND EXISTS (SELECT 1 FROM u)
     RETURNING id, ${sellBackFenSql('inventory_items.recovery_price_fen', 'inventory_items.item_id')} AS fen
   ), events AS (
     INSERT INTO inventory_events (inventory_item_id, from_state, to_state, reason)
     SELECT id, 'in_backpack', 'exchanged', 'exchange' FROM moved
   ), total AS (
     SELECT coalesce(sum(fen), 0)::bigint AS fen, count(*) AS n,
       left(string_agg(id::text, ',' ORDER BY id), 500) AS ids FROM moved
   ), house AS (
     UPDATE ledger_accounts a SET balance_fen = a.balance_fen - t.fen, updated_at = now() FROM total t
     WHERE a.id = $3 AND t.fen > 0 RETURNING a.balance_fen
   ), coin AS (
     UPDATE ledger_accounts a SET balance_fen = a.balance_fen + t.fen, updated_at = now() FROM total t
     WHERE a.owner_type = 'user' AND a.user_id = $1 AND a.kind = 'coin' AND t.fen > 0 RETURNING a.id, a.balance_fen
   ), paid AS (
     INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount_fen, code, ref_type, ref_id,
       debit_balance_after_fen, credit_balance_after_fen)
     SELECT $3, c.id, t.fen, 'item_exchange', 'inventory', t.ids, h.balance_fen, c.balance_fen FROM total t, house h, coin c
     RETURNING id
   )
   SELECT (SELECT count(*) FROM u) AS active, t.n, t.fen, (SELECT count(*) FROM paid) AS paid,
     -- The table read sees the balance before this statement: it is the answer only when nothing was paid.
     coalesce((SELECT balance_fen FROM coin),
       (SELECT balance_fen FROM ledger_accounts WHERE owner_type = 'user' AND user_id = $1 AND kind = 'coin')) AS balance
   FROM total t`,
);

export interface SwappedItems extends Record<string, unknown> {
  active: unknown;
  n: unknown;
  fen: unknown;
  paid: unknown;
  balance: unknown;
}
