import { queryOptions } from '@tanstack/react-query';
import { boxDetailSchema } from '@skinfair/contract';
import { apiGet } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /api/case/caseDetail {caseId}: the box, its published odds version and its drop list. Shared
 * because the box pages and the battle rounds' reels both draw their strips from a box's drop list.
 * `quiet`: a battle's reel falls back to its own drops, so a box since withdrawn is no error to show.
 */
export const caseDetailQuery = (caseId: number, quiet = false) =>
  queryOptions({
    queryKey: queryKeys.caseDetail(caseId),
    queryFn: ({ signal }) => apiGet('/api/case/caseDetail', { caseId }, { schema: boxDetailSchema, signal, skipErrorToast: quiet }),
    staleTime: 5 * 60_000,
  });
