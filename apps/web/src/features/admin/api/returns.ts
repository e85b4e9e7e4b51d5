import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminReturnPage } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';

export interface ReturnFilters {
  /** A box id or part of its name; '' for all. */
  search: string;
  alerts: 'all' | 'only';
  /** Openings counted per box (10..100000). */
  window: number;
  page: number;
}

export const returnsQuery = (filters: ReturnFilters) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'returns', filters] as const,
    queryFn: () => adminRequest('GET', '/api/admin/returns', { ...filters, pageSize: 20 }, adminReturnPage),
    placeholderData: keepPreviousData,
  });
export const useBoxReturns = (filters: ReturnFilters) => useQuery(returnsQuery(filters));
