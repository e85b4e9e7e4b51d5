import type { QueryClient } from '@tanstack/react-query';
import { removeToken, setToken } from '../storage/token';
import { queryKeys } from './query-keys';

/**
 * Spec §4: logged in = a stored token. Starting a session stores the token and refetches everything
 * (public lists may carry per-user fields); ending one drops every user-scoped query so the next
 * account never sees the previous one's data.
 */
export function startSession(queryClient: QueryClient, token: string): void {
  setToken(token);
  void queryClient.invalidateQueries();
}

export function endSession(queryClient: QueryClient): void {
  removeToken();
  queryClient.removeQueries({ queryKey: queryKeys.user });
}
