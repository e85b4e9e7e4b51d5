import type { RowData } from '@tanstack/react-table';
import type { Page } from '@skinfair/contract';
import { Pager } from '../../../shared/ui/pager';
import { QueryState } from './query-state';
import { DataTable, type AdminColumn } from './data-table';

/** What a console list says: its table's (hidden) caption, the line when it is empty and its optional total. */
export interface ListTexts {
  caption: string;
  empty: string;
  /** "N rows" above the table, when the screen shows one. */
  total?: (rows: number) => string;
}

/** One page of a console list, with its failure or loading state. */
export interface PageQuery<T> {
  isError: boolean;
  error: Error | null;
  data: Page<T> | undefined;
}

/**
 * One page of a console list as every screen shows it: the failure with its reason, a loading line, or
 * the optional total, the table and the pager. The screens keep their own filters and columns.
 */
export function PagedTable<T extends RowData>({
  query,
  columns,
  texts: { caption, empty, total },
  onPage,
}: {
  query: PageQuery<T>;
  columns: Array<AdminColumn<T>>;
  texts: ListTexts;
  onPage: (page: number) => void;
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
