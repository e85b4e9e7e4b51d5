import { queryOptions, useQuery } from '@tanstack/react-query';
import { rollRecordSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';

/** How the page names a roll: its sequential id (owner only) or the random id of a share link. */
export type RollRef = { verifyId: number } | { shareId: string };

/**
 * GET /api/key/verifyById {verifyId} (its owner only) or /api/key/verifyByShareId {shareId} (anyone):
 * everything needed to recompute one roll.
 */
export const rollRecordQuery = (ref: RollRef) =>
  queryOptions({
    queryKey: 'verifyId' in ref ? queryKeys.rollRecord(ref.verifyId) : queryKeys.sharedRoll(ref.shareId),
    queryFn: ({ signal }) =>
      'verifyId' in ref
        ? apiGet('/api/key/verifyById', { verifyId: ref.verifyId }, { schema: rollRecordSchema, signal })
        : apiGet('/api/key/verifyByShareId', { shareId: ref.shareId }, { schema: rollRecordSchema, signal }),
  });

/** A sequential id is asked for only when logged in: for anyone else it answers "not found" anyway. */
export function useRollRecord(ref: RollRef | null) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    ...rollRecordQuery(ref ?? { verifyId: 0 }),
    enabled: ref !== null && ('shareId' in ref || loggedIn),
  });
}
