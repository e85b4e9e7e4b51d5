import { statement } from '../../platform/db/raw.js';
import { payoutCtes } from '../../platform/ledger/index.js';
import { moveItemsCtes } from './inventory-sql.js';
import { sellBackFenSql } from './sell-back.js';

/**
 * A swap (exchangeQuantity) in one statement (issue 11, decision 0023): the items leave the backpack only
 * if they are the player's and still in it, each gets its history row, and the house's payouts shard pays
 * their sell-back values into the player's coins with one transfer row: each copy's recovery price, at most
 * what the shop charges for the item now (sell-back.ts; run after LOCK_ITEMS_FOR_SELL_BACK). The counts
 * come back so the caller refuses (and rolls back) a list of which any item did not move. The item moves
 * are the backpack's fragment (inventory-sql.ts), the payment the ledger's (payout-sql.ts): one statement,
 * and only the owners write their tables (decision 0056).
 * $1 user, $2 item ids, $3 the house payouts account.
 */
export const SWAP_ITEMS = statement(
  'backpack_swap_items',
  `WITH u AS (SELECT id FROM users WHERE id = $1 AND status = 'active'),
   ${moveItemsCtes({
     user: '$1',
     ids: '$2::bigint[]',
     from: 'in_backpack',
     to: 'exchanged',
     reason: "'exchange'",
     where: 'EXISTS (SELECT 1 FROM u)',
     returning: `${sellBackFenSql('inventory_items.recovery_price_fen', 'inventory_items.item_id')} AS fen`,
   })}, total AS (
     SELECT coalesce(sum(fen), 0)::bigint AS fen, count(*) AS n,
       left(string_agg(id::text, ',' ORDER BY id), 500) AS ids FROM moved
   ), ${payoutCtes({ source: 'total', amountFen: 't.fen', houseAccount: '$3', user: '$1', code: 'item_exchange', refType: 'inventory', refId: 't.ids' })}
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
