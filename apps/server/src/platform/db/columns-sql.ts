import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * The column list and the matching SELECT list of a hand-written INSERT, from a Drizzle table and SQL text
 * per column (issue 25 §2): an owner's `*-sql.ts` fragment names its columns by their Drizzle keys, so a
 * renamed or missing column is a type error rather than a failed statement at run time.
 */
export function insertColumns<T extends Table>(
  table: T,
  values: Partial<Record<keyof T['$inferInsert'] & string, string>>,
): { columns: string; select: string } {
  const all = getTableColumns(table);
  const keys = Object.keys(values) as Array<keyof typeof values & string>;
  return {
    columns: keys.map((k) => all[k]!.name).join(', '),
    select: keys.map((k) => values[k]).join(', '),
  };
}
