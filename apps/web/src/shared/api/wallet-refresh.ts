import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * After money moved (deposit, reward, Golden Code, transfer): the header balance, everything under
 * ['user', 'wallet'], free boxes (VIP level-ups and box codes grant them), the backpack (item codes)
 * and the message bell (the server sends a notice) are refetched.
 */
export function refreshWallet(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [queryKeys.userInfo, queryKeys.wallet, queryKeys.freeBoxes, queryKeys.backpack, queryKeys.messages].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
