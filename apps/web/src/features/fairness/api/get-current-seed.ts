import { queryOptions } from '@tanstack/react-query';
import { currentSeedsSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

/** GET /api/key/currentKey (login): public hash, client seed, nonce and the next pair's hash. */
export const currentSeedQuery = queryOptions({
  queryKey: queryKeys.currentSeed,
  queryFn: ({ signal }) => apiGet('/api/key/currentKey', {}, { schema: currentSeedsSchema, signal }),
});

export function useCurrentSeed() {
  return useLoggedInQuery(currentSeedQuery);
}
