import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from './client';
import { queryKeys } from './query-keys';

/** The sandbox's test money: ¥100 per press (the server allows at most ¥10 000 per call). */
export const SANDBOX_CREDIT_FEN = 10_000;

/**
 * POST /api/sandbox/credit {amount} (login; only when the server runs with SANDBOX_TOOLS): credits coins
 * to the caller through the ledger. Deposits arrive with a later issue; this is how a test user gets money.
 */
export const sandboxCredit = (amountFen: number = SANDBOX_CREDIT_FEN) =>
  apiPost('/api/sandbox/credit', { amount: amountFen }, { schema: z.unknown() });

export function useSandboxCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sandboxCredit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userInfo }),
  });
}
