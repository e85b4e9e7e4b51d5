import { useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeToken } from './token';

/** Re-renders when the token appears or disappears (login, logout, the 401 flow, another tab). */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToken, isLoggedIn, () => false);
}
