import { useQuery } from '@tanstack/react-query';
import { paymentRecordSchema } from '@skinfair/contract';
import { pageNumberQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyPaymentPage {page, pageSize}: 充值记录 (pay amount, state, channel). */
export const paymentRecordsQuery = pageNumberQuery(queryKeys.paymentRecords, '/api/personalCenter/getMyPaymentPage', paymentRecordSchema);

export const usePaymentRecords = (page: number) => useQuery(paymentRecordsQuery(page));
