import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import type { AdminColumn } from './data-table';
import { FilterFields, type FilterField } from './filter-fields';
import { PagedTable, type ListTexts, type PageQuery } from './paged-table';
import { useListFilters } from './use-list-filters';

/**
 * A console list's state: its filters and page (a filter change goes back to page 1) and the page of rows
 * they ask for, from the screen's query hook (a module-level hook, the same on every render).
 */
export function useListPage<F extends { page: number }, T>(useRows: (filters: F) => PageQuery<T>, initial: F) {
  const filters = useListFilters<F>(initial);
  return { ...filters, query: useRows(filters.filters) };
}

/** A console list as the screens show it: the filter bar from its fields (then `tools`), the page of rows and the pager. */
export function ListView<F extends { page: number }, T extends RowData>({
  filters,
  set,
  setPage,
  query,
  fields,
  tools,
  columns,
  texts,
}: ReturnType<typeof useListPage<F, T>> & {
  fields: Array<FilterField<F>>;
  /** Controls after the fields: a custom filter, an action. */
  tools?: ReactNode;
  columns: Array<AdminColumn<T>>;
  texts: ListTexts;
}) {
  return (
    <>
      <FilterFields filters={filters} set={set} fields={fields}>
        {tools}
      </FilterFields>
      <PagedTable query={query} columns={columns} onPage={setPage} texts={texts} />
    </>
  );
}
