import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferSecondaryResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { refreshWallet } from '../../../shared/api/wallet-refresh';

/** POST /api/personalCenter/transferSecondary {amount ≥ 100 fen}: secondary balance → coins, 1:1. */
export const transferSecondary = (amount: number) =>
  apiPost('/api/personalCenter/transferSecondary', { amount }, { schema: transferSecondaryResultSchema, idempotent: true });

export function useTransferSecondary() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferSecondary, onSuccess: () => refreshWallet(queryClient) });
}
