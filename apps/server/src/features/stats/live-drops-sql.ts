import { insertColumns } from '../../platform/db/columns-sql.js';
import { liveDrops } from './tables.js';

/**
 * The feed's part of the hot paths' hand-written statements (issue 25 §2, decision 0056): an opening or a
 * dream writes its feed rows in the same statement as the rest (decision 0023), through this fragment, so
 * only the stats feature writes live_drops. Values are SQL text (parameter references or columns of the
 * statement), never values.
 */

/** CTE `feed`: one feed row per row of `from` (a FROM / WHERE / ORDER BY tail, or nothing for one row); returns id, created_at. */
export function liveDropsCte(p: { values: Partial<Record<keyof typeof liveDrops.$inferInsert, string>>; from?: string }): string {
  const { columns, select } = insertColumns(liveDrops, p.values);
  return `feed AS (
     INSERT INTO live_drops (${columns})
     SELECT ${select}${p.from ? `\n     ${p.from}` : ''}
     RETURNING id, created_at
   )`;
}
