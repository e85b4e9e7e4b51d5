import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { limits, pageSchema, paymentRecordSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyPaymentPage {page, pageSize}: 充值记录 (pay amount, state, channel). */
export const paymentRecordsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.paymentRecords(page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/personalCenter/getMyPaymentPage',
        { page, pageSize: limits.defaultPageSize },
        { schema: pageSchema(paymentRecordSchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export const usePaymentRecords = (page: number) => useQuery(paymentRecordsQuery(page));
