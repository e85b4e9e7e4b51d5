import type { TransferCode } from './codes.js';

/**
 * The ledger's part of a hand-written statement that pays a player (issue 25 §2, decision 0056): the
 * mirror of spend-sql.ts's spendCtes, so a hot path that pays coins (the swap) stays one statement while
 * only the ledger writes ledger_accounts and ledger_transfers. The same rules as `transfer` in ledger.ts:
 * the house row first, then the player's coin row, one transfer row with both balances after; nothing moves
 * when the amount is 0. Arguments are SQL text (parameter references such as `$3`, or columns of `source`),
 * never values.
 */

const LITERAL = /^[a-z_]+$/;

/**
 * CTEs house, coin and paid. `source` is a CTE or table of the statement holding one row (aliased `t`);
 * `amountFen` and `refId` are expressions over it. `paid` holds the transfer row written (0 or 1), `coin`
 * the player's coin account id and balance after.
 */
export function payoutCtes(p: {
  source: string;
  amountFen: string;
  houseAccount: string;
  user: string;
  code: TransferCode;
  refType: string;
  refId: string;
}): string {
  if (!LITERAL.test(p.code) || !LITERAL.test(p.refType) || !LITERAL.test(p.source))
    throw new Error('code, ref type and source are SQL literals');
  return `house AS (
     UPDATE ledger_accounts a SET balance_fen = a.balance_fen - ${p.amountFen}, updated_at = now() FROM ${p.source} t
     WHERE a.id = ${p.houseAccount} AND ${p.amountFen} > 0 RETURNING a.balance_fen
   ), coin AS (
     UPDATE ledger_accounts a SET balance_fen = a.balance_fen + ${p.amountFen}, updated_at = now() FROM ${p.source} t
     WHERE a.owner_type = 'user' AND a.user_id = ${p.user} AND a.kind = 'coin' AND ${p.amountFen} > 0 RETURNING a.id, a.balance_fen
   ), paid AS (
     INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount_fen, code, ref_type, ref_id,
       debit_balance_after_fen, credit_balance_after_fen)
     SELECT ${p.houseAccount}, c.id, ${p.amountFen}, '${p.code}', '${p.refType}', ${p.refId}, h.balance_fen, c.balance_fen
     FROM ${p.source} t, house h, coin c
     RETURNING id
   )`;
}
