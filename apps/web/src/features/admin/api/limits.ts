import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approvalRequestPage,
  approvalRequestSchema,
  limitSettingsSchema,
  limitsTodaySchema,
  type ApprovalStatus,
} from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest, type AdminParams } from './admin-client';

/** The insider limits' calls (issue 24 §11, docs/OPERATIONS.md "Limits and approvals"). */
const key = [...adminKeys.all, 'limits'] as const;

function useChange<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useLimitsToday = () =>
  useQuery({
    queryKey: [...key, 'today'],
    queryFn: () => adminRequest('GET', '/api/admin/limits/today', {}, limitsTodaySchema),
    // What operators create moves during the day: refreshed while the screen is open.
    refetchInterval: 60_000,
  });

export const useLimitSettings = () =>
  useQuery({
    queryKey: [...key, 'settings'],
    queryFn: () => adminRequest('GET', '/api/admin/limits/settings', {}, limitSettingsSchema),
  });

export const useSaveLimitSettings = () =>
  useChange((params: AdminParams) => adminRequest('POST', '/api/admin/limits/settings', params, limitSettingsSchema));

export const useApprovals = (status: ApprovalStatus | 'all', page: number) =>
  useQuery({
    queryKey: [...key, 'approvals', status, page],
    queryFn: () => adminRequest('GET', '/api/admin/approvals', { status, page, pageSize: 20 }, approvalRequestPage),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

/** Approving runs the action (money or items): one Idempotency-Key per click, asked again after a lost answer. */
export const useApprove = () =>
  useChange((id: number) => adminRequest('POST', '/api/admin/approvals/approve', { id }, approvalRequestSchema, { idempotent: true }));

export const useReject = () =>
  useChange((params: { id: number; reason: string }) => adminRequest('POST', '/api/admin/approvals/reject', params, approvalRequestSchema));
