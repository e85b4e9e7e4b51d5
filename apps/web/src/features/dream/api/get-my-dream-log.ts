import { myDreamLogSchema } from '@skinfair/contract';
import { pageNumberQuery } from '../../../shared/api/page-query';
import { dreamKeys } from './dream-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

export const MY_LOG_PAGE_SIZE = 10;

/** GET /api/personalCenter/getMyDreamLog (login): the caller's dreams with the spec §3 labels. */
export const myDreamLogQuery = pageNumberQuery(dreamKeys.myLog, '/api/personalCenter/getMyDreamLog', myDreamLogSchema, MY_LOG_PAGE_SIZE);

export function useMyDreamLog(page: number) {
  return useLoggedInQuery(myDreamLogQuery(page));
}
