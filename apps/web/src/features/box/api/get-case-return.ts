import { queryOptions, useQuery } from '@tanstack/react-query';
import { caseReturnSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/case/caseReturn {caseId}: the box's declared and realised return (issue 16 screen 3). */
export const caseReturnQuery = (caseId: number) =>
  queryOptions({
    queryKey: ['box', 'caseReturn', caseId] as const,
    queryFn: ({ signal }) => apiGet('/api/case/caseReturn', { caseId }, { schema: caseReturnSchema, signal, skipErrorToast: true }),
    // The server keeps the figures 30 s; asking sooner would get the same answer.
    staleTime: 30_000,
  });

export const useCaseReturn = (caseId: number) => useQuery({ ...caseReturnQuery(caseId), enabled: caseId > 0 });
