import { useQuery } from '@tanstack/react-query';
import { purchaseRecordSchema } from '@skinfair/contract';
import { pageNumberQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyPurchasePage {page, pageSize}: 购买记录. */
export const purchaseRecordsQuery = pageNumberQuery(
  queryKeys.purchaseRecords,
  '/api/personalCenter/getMyPurchasePage',
  purchaseRecordSchema,
);

export const usePurchaseRecords = (page: number) => useQuery(purchaseRecordsQuery(page));
