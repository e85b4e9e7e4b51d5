import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';

/** Core only: paging, search and filters are the server's (the console's lists are large). */
export const adminTableFeatures = tableFeatures({});
export type AdminColumn<T extends RowData> = ColumnDef<typeof adminTableFeatures, T>;

/**
 * The console's tables: headless @tanstack/react-table for the columns and cells, our own markup and
 * styles. Paging, search and filters happen on the server (the lists are large), so the table shows one page.
 */
export function DataTable<T extends RowData>({
  columns,
  data,
  empty,
  caption,
}: {
  columns: Array<AdminColumn<T>>;
  data: T[];
  empty: string;
  caption: string;
}) {
  const table = useTable({ features: adminTableFeatures, columns, data });
  return (
    <div className="overflow-x-auto rounded-lg border border-line">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-panel-2 text-slate-300">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-400">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line text-slate-200">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
