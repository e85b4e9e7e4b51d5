import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, pageSchema, retrievalSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyRetrievalPage {page, pageSize}. */
export const retrievalsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.retrievals(page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/personalCenter/getMyRetrievalPage',
        { page, pageSize: limits.defaultPageSize },
        { schema: pageSchema(retrievalSchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useRetrievals = (page: number) => useQuery(retrievalsQuery(page));
