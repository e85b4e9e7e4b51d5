import { useQuery } from '@tanstack/react-query';
import { retrievalSchema } from '@skinfair/contract';
import { pageNumberQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /api/personalCenter/getMyRetrievalPage {page, pageSize}. */
export const retrievalsQuery = pageNumberQuery(queryKeys.retrievals, '/api/personalCenter/getMyRetrievalPage', retrievalSchema);

export const useRetrievals = (page: number) => useQuery(retrievalsQuery(page));
