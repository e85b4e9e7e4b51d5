import { useQuery } from '@tanstack/react-query';
import { adminDepositPage, adminDepositSchema, depositDetail, depositRefundQuote, depositRefundResult } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';
import { adminDetailQuery, adminPageQuery, useAdminChange } from './admin-query';

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
  adminPageQuery([...adminKeys.all, 'deposits', filters], '/api/admin/deposits', filters, adminDepositPage);
export const useDeposits = (filters: DepositFilters) => useQuery(depositsQuery(filters));

export const useDepositDetail = (orderNo: string | null) =>
  useQuery(adminDetailQuery([...adminKeys.all, 'deposits', 'detail', orderNo], '/api/admin/deposits/detail', { orderNo }, depositDetail));

export const useMarkDepositReview = () =>
  useAdminChange((params: { orderNo: string; reason: string }) =>
    adminRequest('POST', '/api/admin/deposits/markReview', params, adminDepositSchema),
  );

/** What can be refunded now and why not more, with the refunds so far (issue 27 §3). */
export const useRefundQuote = (orderNo: string | null) =>
  useQuery(
    adminDetailQuery(
      [...adminKeys.all, 'deposits', 'refundQuote', orderNo],
      '/api/admin/deposits/refundQuote',
      { orderNo },
      depositRefundQuote,
    ),
  );

export const useRefundDeposit = () =>
  useAdminChange((params: { orderNo: string; amountMinor: number; reason: string }) =>
    adminRequest('POST', '/api/admin/deposits/refund', params, depositRefundResult),
  );
