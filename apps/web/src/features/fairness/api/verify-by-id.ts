import { queryOptions, useQuery } from '@tanstack/react-query';
import { rollRecordSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/key/verifyById {verifyId} (public): everything needed to recompute one roll. */
export const rollRecordQuery = (verifyId: number) =>
  queryOptions({
    queryKey: queryKeys.rollRecord(verifyId),
    queryFn: ({ signal }) =>
      apiGet('/api/key/verifyById', { verifyId }, { schema: rollRecordSchema, signal }),
  });

export const useRollRecord = (verifyId: number) =>
  useQuery({ ...rollRecordQuery(verifyId), enabled: verifyId > 0 });
