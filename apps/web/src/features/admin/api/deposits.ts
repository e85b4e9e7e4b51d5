import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDepositPage, adminDepositSchema, depositDetail } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';

export interface DepositFilters {
  /** An order number or a player id; '' for all. */
  q: string;
  /** -1 all, 0 processing, 1 completed, 2 cancelled. */
  state: number;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  review: 'all' | 'marked';
  page: number;
}

export const depositsQuery = (filters: DepositFilters) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'deposits', filters] as const,
    queryFn: () => adminRequest('GET', '/api/admin/deposits', { ...filters, pageSize: 20 }, adminDepositPage),
    placeholderData: keepPreviousData,
  });
export const useDeposits = (filters: DepositFilters) => useQuery(depositsQuery(filters));

export const useDepositDetail = (orderNo: string | null) =>
  useQuery({
    queryKey: [...adminKeys.all, 'deposits', 'detail', orderNo] as const,
    queryFn: () => adminRequest('GET', '/api/admin/deposits/detail', { orderNo }, depositDetail),
    enabled: orderNo !== null,
  });

export function useMarkDepositReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { orderNo: string; reason: string }) =>
      adminRequest('POST', '/api/admin/deposits/markReview', params, adminDepositSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
