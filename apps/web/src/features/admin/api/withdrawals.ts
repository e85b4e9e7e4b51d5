import { useQuery } from '@tanstack/react-query';
import { adminWithdrawalPage, withdrawalActionResult } from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-client';
import { adminPageQuery, useAdminChange } from './admin-query';

export interface WithdrawalFilters {
  /** -1 all, 0..4 spec §4 states. */
  state: number;
  userId: string;
  /** Minutes; '' for any age. */
  olderThanMinutes: string;
  /** Only the risk-review queue (issue 24 §4). */
  awaitingReview: boolean;
  page: number;
}

export const withdrawalsQuery = (filters: WithdrawalFilters) =>
  adminPageQuery([...adminKeys.all, 'withdrawals', filters], '/api/admin/withdrawals', filters, adminWithdrawalPage);
export const useWithdrawals = (filters: WithdrawalFilters) => useQuery(withdrawalsQuery(filters));

export type WithdrawalAction =
  | { kind: 'approve' | 'retry' | 'approveReview'; id: number }
  | { kind: 'fail' | 'rejectReview'; id: number; reason: string }
  /** Delivered by hand from Steam (manual mode): the trade offer id the operator sent. */
  | { kind: 'complete'; id: number; tradeOfferId: string };

export const useWithdrawalAction = () =>
  useAdminChange((action: WithdrawalAction) => {
    const { kind, ...params } = action;
    return adminRequest('POST', `/api/admin/withdrawals/${kind}`, params, withdrawalActionResult, { idempotent: true });
  });
