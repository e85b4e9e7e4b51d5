import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useIsLoggedIn } from '../storage/use-is-logged-in';

/**
 * A query that only runs with an account: a visitor's call would be answered 401, which opens the login flow,
 * so the call waits until the token appears (and `enabled`, when the caller has a condition of its own).
 */
export function useLoggedInQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  enabled = true,
) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...options, enabled: loggedIn && enabled });
}
