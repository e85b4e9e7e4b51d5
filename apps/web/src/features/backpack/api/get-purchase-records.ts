import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, pageSchema, purchaseRecordSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyPurchasePage {page, pageSize}: 购买记录. */
export const purchaseRecordsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.purchaseRecords(page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/personalCenter/getMyPurchasePage',
        { page, pageSize: limits.defaultPageSize },
        { schema: pageSchema(purchaseRecordSchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export const usePurchaseRecords = (page: number) => useQuery(purchaseRecordsQuery(page));
