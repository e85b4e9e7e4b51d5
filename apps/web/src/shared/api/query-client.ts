import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/**
 * Envelope errors, 401 and contract mismatches are answers, not accidents: retrying them only repeats
 * the toast. Network errors and timeouts get two more tries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isApiError(error) && error.transient && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
