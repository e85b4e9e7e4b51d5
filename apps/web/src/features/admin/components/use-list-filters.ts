import { useState } from 'react';

/** A console list's filters and page: changing a filter goes back to page 1; the pager changes only the page. */
export function useListFilters<F extends { page: number }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  return {
    filters,
    set: (patch: Partial<Omit<F, 'page'>>) => setFilters((current) => ({ ...current, ...patch, page: 1 })),
    setPage: (page: number) => setFilters((current) => ({ ...current, page })),
  };
}
