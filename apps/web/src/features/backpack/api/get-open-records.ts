import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, openRecordSchema, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyOpenBoxPage {page, pageSize}: 开箱记录 with roll codes. */
export const openRecordsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.openRecords(page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/personalCenter/getMyOpenBoxPage',
        { page, pageSize: limits.defaultPageSize },
        { schema: pageSchema(openRecordSchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useOpenRecords = (page: number) => useQuery(openRecordsQuery(page));
