import { queryOptions, useQuery } from '@tanstack/react-query';
import { boxDetailSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/case/caseDetail {caseId}: the box, its published odds version and its drop list. */
export const caseDetailQuery = (caseId: number) =>
  queryOptions({
    queryKey: queryKeys.caseDetail(caseId),
    queryFn: ({ signal }) => apiGet('/api/case/caseDetail', { caseId }, { schema: boxDetailSchema, signal }),
    staleTime: 5 * 60_000,
  });

export const useCaseDetail = (caseId: number) =>
  useQuery({ ...caseDetailQuery(caseId), enabled: caseId > 0 });
