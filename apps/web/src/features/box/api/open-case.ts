import { useMutation } from '@tanstack/react-query';
import { openCaseResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/**
 * POST /api/case/openCase {caseId, number 1..10, couponId (a box coupon)} (login). The server rolls, debits and stores the items
 * before answering: the reel only shows a result that already exists (PF v1 W12).
 */
export const openCase = (params: { caseId: number; number: number; couponId?: number | null }) =>
  apiPost('/api/case/openCase', params, { schema: openCaseResultSchema, idempotent: true });

export const useOpenCase = () => useMutation({ mutationFn: openCase });
