import { useQuery } from '@tanstack/react-query';
import {
  approvalRequestPage,
  approvalRequestSchema,
  limitSettingsSchema,
  limitsTodaySchema,
  type ApprovalStatus,
} from '@skinfair/contract';
import { adminKeys } from './admin-keys';
import { adminRequest, type AdminParams } from './admin-client';
import { adminPageQuery, useAdminChange } from './admin-query';

/** The insider limits' calls (issue 24 §11, docs/OPERATIONS.md "Limits and approvals"). */
const key = [...adminKeys.all, 'limits'] as const;

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
  useAdminChange((params: AdminParams) => adminRequest('POST', '/api/admin/limits/settings', params, limitSettingsSchema));

export const useApprovals = (status: ApprovalStatus | 'all', page: number) =>
  useQuery({
    ...adminPageQuery([...key, 'approvals', status, page], '/api/admin/approvals', { status, page }, approvalRequestPage),
    refetchInterval: 30_000,
  });

/** Approving runs the action (money or items): one Idempotency-Key per click, asked again after a lost answer. */
export const useApprove = () =>
  useAdminChange((id: number) => adminRequest('POST', '/api/admin/approvals/approve', { id }, approvalRequestSchema, { idempotent: true }));

export const useReject = () =>
  useAdminChange((params: { id: number; reason: string }) =>
    adminRequest('POST', '/api/admin/approvals/reject', params, approvalRequestSchema),
  );
