import type { ReactNode } from 'react';
import { ListState, noRows, type ListFailure, type ListQuery } from './list-state';
import { Pager } from './pager';

export interface GridPage<T> {
  pageData: T[];
  page: number;
  totalPages: number;
}

export interface PagedGridProps<T> {
  query: ListQuery<GridPage<T>> & { isPlaceholderData: boolean };
  empty: ReactNode;
  failed?: ListFailure;
  onPage: (page: number) => void;
  className: string;
  testId?: string;
  children: (item: T) => ReactNode;
}

/**
 * A page of cards in a grid with the list states and the pager; the grid fades while the next page loads
 * (the query keeps the previous page as placeholder data). `children` renders one card, with its key.
 */
export function PagedGrid<T>({ query, empty, failed, onPage, className, testId, children }: PagedGridProps<T>) {
  const busy = query.isPlaceholderData;
  return (
    <ListState query={query} isEmpty={noRows} empty={empty} failed={failed}>
      {(data) => (
        <>
          <ul className={`${className} ${busy ? 'opacity-60' : ''}`} data-testid={testId} aria-busy={busy}>
            {data.pageData.map(children)}
          </ul>
          <Pager page={data.page} totalPages={data.totalPages} onPage={onPage} />
        </>
      )}
    </ListState>
  );
}
