import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { exchangeResultSchema } from '@skinfair/contract';
import { apiPost } from './client';
import { queryKeys } from './query-keys';

/**
 * POST /api/personalCenter/exchangeQuantity {ids: "12,13"}: swaps backpack items for credit at their
 * recovery price. The server refuses the whole call (4003) when any id is not swappable. Shared because
 * the box result dialog and the backpack both swap.
 */
export const exchangeItems = (ids: readonly number[]) =>
  apiPost('/api/personalCenter/exchangeQuantity', { ids: ids.join(',') }, { schema: exchangeResultSchema, idempotent: true });

/**
 * `onSwapped` runs with the mutation itself, so it fires even when the caller re-rendered while the answer
 * was on its way: a callback passed to `mutate` is skipped when the observer is between subscriptions,
 * which left the dream result without its "sold" state once on a loaded CI machine.
 */
export function useExchangeItems(onSwapped?: (answer: z.infer<typeof exchangeResultSchema>) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeItems,
    // The swap is done when the server says so: the balance and the backpack refresh behind the answer
    // rather than holding it (on a slow device the two refetches held the "sold" state for seconds).
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      void queryClient.invalidateQueries({ queryKey: queryKeys.backpack });
      onSwapped?.(answer);
    },
  });
}
