import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows, toInt } from '../db/rows.js';

export interface LedgerAudit {
  /** Sum of every account; double entry keeps it at exactly zero. */
  sumFen: number;
  negativeUserAccounts: number;
  /** Accounts whose balance differs from the sum of their transfers (only with `deep`). */
  mismatchedAccounts: number | null;
  balanced: boolean;
}

/** The auditor of security.md: the books sum to zero, no user balance is negative, balances match entries. */
export async function auditLedger(ex: Executor, options: { deep?: boolean } = {}): Promise<LedgerAudit> {
  const [row] = await queryRows<{ sum_fen: unknown; negative: unknown }>(
    ex,
    sql`SELECT coalesce(sum(balance_fen), 0) AS sum_fen,
               count(*) FILTER (WHERE owner_type = 'user' AND balance_fen < 0) AS negative
        FROM ledger_accounts`,
  );
  let mismatched: number | null = null;
  if (options.deep) {
    const [m] = await queryRows<{ n: unknown }>(
      ex,
      sql`WITH moved AS (
            SELECT account_id, sum(delta) AS delta FROM (
              SELECT credit_account_id AS account_id, amount_fen AS delta FROM ledger_transfers
              UNION ALL
              SELECT debit_account_id, -amount_fen FROM ledger_transfers) t
            GROUP BY account_id)
          SELECT count(*) AS n FROM ledger_accounts a LEFT JOIN moved m ON m.account_id = a.id
          WHERE a.balance_fen <> coalesce(m.delta, 0)`,
    );
    mismatched = toInt(m?.n);
  }
  const sumFen = toInt(row?.sum_fen);
  const negativeUserAccounts = toInt(row?.negative);
  return {
    sumFen,
    negativeUserAccounts,
    mismatchedAccounts: mismatched,
    balanced: sumFen === 0 && negativeUserAccounts === 0 && (mismatched ?? 0) === 0,
  };
}
