import { useQuery } from '@tanstack/react-query';
import { adminReturnPage } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminPageQuery } from './admin-query';

export interface ReturnFilters {
  /** A box id or part of its name; '' for all. */
  search: string;
  alerts: 'all' | 'only';
  /** Openings counted per box (10..100000). */
  window: number;
  page: number;
}

export const returnsQuery = (filters: ReturnFilters) =>
  adminPageQuery([...adminKeys.all, 'returns', filters], '/api/admin/returns', filters, adminReturnPage);
export const useBoxReturns = (filters: ReturnFilters) => useQuery(returnsQuery(filters));
