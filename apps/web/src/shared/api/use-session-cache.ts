import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLoggedIn, subscribeToken } from '../storage/token';
import { queryKeys } from './query-keys';

/**
 * Mounted once (root layout): when the token disappears by any route — the 401 flow, logout, another
 * tab — the cached account data goes with it, so a guest never sees the last user's balance.
 */
export function useSessionCache(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToken(() => {
        if (!isLoggedIn()) queryClient.removeQueries({ queryKey: queryKeys.user });
      }),
    [queryClient],
  );
}
