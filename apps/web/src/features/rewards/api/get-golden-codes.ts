import { useQuery } from '@tanstack/react-query';
import { goldenCodeRecordSchema } from '@skinfair/contract';
import { pageNumberQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyGoldenCodePage {page, pageSize}: the user's redemptions (codes masked). */
export const goldenCodesQuery = pageNumberQuery(queryKeys.goldenCodes, '/api/personalCenter/getMyGoldenCodePage', goldenCodeRecordSchema);

export const useGoldenCodes = (page: number) => useQuery(goldenCodesQuery(page));
