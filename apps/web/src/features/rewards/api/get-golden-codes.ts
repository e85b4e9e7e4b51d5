import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { goldenCodeRecordSchema, limits, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyGoldenCodePage {page, pageSize}: the user's redemptions (codes masked). */
export const goldenCodesQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.goldenCodes(page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/personalCenter/getMyGoldenCodePage',
        { page, pageSize: limits.defaultPageSize },
        { schema: pageSchema(goldenCodeRecordSchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useGoldenCodes = (page: number) => useQuery(goldenCodesQuery(page));
