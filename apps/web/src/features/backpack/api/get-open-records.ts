import { useQuery } from '@tanstack/react-query';
import { limits, openRecordSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyOpenBoxPage {page, pageSize}: 开箱记录 with roll codes. */
export const openRecordsQuery = (page: number) =>
  pageQuery({
    queryKey: queryKeys.openRecords(page),
    path: '/api/personalCenter/getMyOpenBoxPage',
    params: { page, pageSize: limits.defaultPageSize },
    item: openRecordSchema,
  });

export const useOpenRecords = (page: number) => useQuery(openRecordsQuery(page));
