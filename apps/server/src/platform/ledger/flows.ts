import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows, toInt, toIso } from '../db/rows.js';
import { transferCodes, isTransferCode } from './codes.js';

const KINDS = ['coin', 'point', 'secondary'] as const;

export interface FlowRecord {
  id: number;
  actionType: string;
  actionName: string;
  balanceType: number;
  changeAmount: number;
  balanceAfter: number;
  createTime: string;
}

/**
 * A user's flow records, read from the ledger itself (design §3): every movement in or out of one of
 * their accounts, signed, with the balance after it. balanceType 0 coins, 1 points, 2 secondary.
 */
export async function flowRecords(
  ex: Executor,
  userId: number,
  opts: { balanceType: number; actionType?: string | undefined; page: number; pageSize: number },
): Promise<{ rows: FlowRecord[]; totalRows: number }> {
  const kind = opts.balanceType >= 0 ? KINDS[opts.balanceType] : undefined;
  const kindFilter = kind ? sql`AND a.kind = ${kind}` : sql``;
  const codeFilter = opts.actionType ? sql`AND t.code = ${opts.actionType}` : sql``;
  const legs = sql`
    SELECT t.id, t.code, a.kind, t.amount_fen AS change, t.credit_balance_after_fen AS balance_after, t.created_at
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id
      WHERE a.owner_type = 'user' AND a.user_id = ${userId} ${kindFilter} ${codeFilter}
    UNION ALL
    SELECT t.id, t.code, a.kind, -t.amount_fen AS change, t.debit_balance_after_fen AS balance_after, t.created_at
      FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
      WHERE a.owner_type = 'user' AND a.user_id = ${userId} ${kindFilter} ${codeFilter}`;
  const [rows, [total]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      ex,
      sql`SELECT * FROM (${legs}) f ORDER BY id DESC, kind LIMIT ${opts.pageSize} OFFSET ${(opts.page - 1) * opts.pageSize}`,
    ),
    queryRows<{ n: unknown }>(ex, sql`SELECT count(*) AS n FROM (${legs}) f`),
  ]);
  return {
    rows: rows.map((r) => {
      const code = String(r.code);
      return {
        id: toInt(r.id),
        actionType: code,
        actionName: isTransferCode(code) ? transferCodes[code] : code,
        balanceType: KINDS.indexOf(String(r.kind) as (typeof KINDS)[number]),
        changeAmount: toInt(r.change),
        balanceAfter: toInt(r.balance_after),
        createTime: toIso(r.created_at),
      };
    }),
    totalRows: toInt(total?.n),
  };
}
