import { insertColumns } from '../../platform/db/columns-sql.js';
import { rolls } from './tables.js';

/**
 * Fairness's part of the hot paths' hand-written statements (issue 25 §2, decision 0056): an opening or a
 * dream takes its nonces and writes its roll records in its own statements (decision 0023), through these
 * fragments, so only the fairness feature writes seed_pairs and rolls. The same rules as takeNonces in
 * seeds.ts (PF v1 §4). Arguments are SQL text (parameter references or columns of the statement), never
 * values.
 */

/**
 * CTE `pair`: takes `count` nonces of the player's active seed pair. No row: no active pair, no client seed
 * yet (issue 24 §13), or the pair would pass `maxNonce` (rotate first). `after` is a condition that makes
 * the caller's earlier locks (the accounts) come first. Returns id, server_seed, client_seed, public_hash
 * and first_nonce.
 */
export function takeNoncesCte(p: { user: string; count: string; maxNonce: string; after?: string }): string {
  return `pair AS (
     UPDATE seed_pairs SET nonce = nonce + ${p.count}
     WHERE user_id = ${p.user} AND state = 'active' AND client_seed IS NOT NULL AND nonce <= ${p.maxNonce} - ${p.count}${p.after ? ` AND ${p.after}` : ''}
     RETURNING id, server_seed, client_seed, public_hash, nonce - ${p.count} AS first_nonce
   )`;
}

/** The `pair` CTE's row as a statement selects it, joined as `LEFT JOIN pair s ON true`. */
export const TAKEN_PAIR_COLUMNS = 's.id AS pair_id, s.server_seed, s.client_seed, s.public_hash, s.first_nonce';

/** TAKEN_PAIR_COLUMNS in the statement's row: all null when the CTE took no nonces (`takenPair` handles that). */
export interface TakenPairRow {
  pair_id: unknown;
  server_seed: string | null;
  client_seed: string | null;
  public_hash: string | null;
  first_nonce: unknown;
}

/** CTE `r`: one roll record per row of `from` (a FROM / ORDER BY tail, or nothing for one row); returns id. */
export function rollsCte(p: { values: Partial<Record<keyof typeof rolls.$inferInsert, string>>; from?: string }): string {
  const { columns, select } = insertColumns(rolls, p.values);
  return `r AS (
     INSERT INTO rolls (${columns})
     SELECT ${select}${p.from ? `\n     ${p.from}` : ''}
     RETURNING id
   )`;
}
