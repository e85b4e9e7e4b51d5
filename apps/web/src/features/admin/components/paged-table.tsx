import type { RowData } from '@tanstack/react-table';
import type { Page } from '@skinfair/contract';
import { Pager } from '../../../shared/ui/pager';
import { QueryState } from './query-state';
import { DataTable, type AdminColumn } from './data-table';

/**
 * One page of a console list as every screen shows it: the failure with its reason, a loading line, or
 * the optional total, the table and the pager. The screens keep their own filters and columns.
 */
export function PagedTable<T extends RowData>({
  query,
  caption,
  columns,
  empty,
  onPage,
  total,
}: {
  query: { isError: boolean; error: Error | null; data: Page<T> | undefined };
  caption: string;
  columns: Array<AdminColumn<T>>;
  empty: string;
  onPage: (page: number) => void;
  /** "N rows" above the table, when the screen shows one. */
  total?: (rows: number) => string;
}) {
  if (query.isError || !query.data) return <QueryState query={query} />;
  return (
    <>
      {total ? <p className="text-sm text-slate-400">{total(query.data.totalRows)}</p> : null}
      <DataTable caption={caption} columns={columns} data={query.data.pageData} empty={empty} />
      <Pager page={query.data.page} totalPages={query.data.totalPages} onPage={onPage} />
    </>
  );
}
