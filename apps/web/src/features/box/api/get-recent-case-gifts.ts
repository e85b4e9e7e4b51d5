import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dropItemSchema, limits } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/case/recentCaseGift {caseId, isTop, limit}: the newest drops of one box. */
export const recentCaseGiftQuery = (caseId: number) =>
  queryOptions({
    queryKey: queryKeys.recentCaseGift(caseId),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/case/recentCaseGift',
        { caseId, isTop: false, limit: limits.lastDropDefaultLimit },
        { schema: z.array(dropItemSchema), signal, skipErrorToast: true },
      ),
  });

export const useRecentCaseGifts = (caseId: number) => useQuery({ ...recentCaseGiftQuery(caseId), enabled: caseId > 0 });
