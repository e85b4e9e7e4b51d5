import { useQuery } from '@tanstack/react-query';
import { myDreamLogSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { dreamKeys } from './dream-keys';

export const MY_LOG_PAGE_SIZE = 10;

/** GET /api/personalCenter/getMyDreamLog (login): the caller's dreams with the spec §3 labels. */
export const myDreamLogQuery = (page: number) =>
  pageQuery({
    queryKey: dreamKeys.myLog(page),
    path: '/api/personalCenter/getMyDreamLog',
    params: { page, pageSize: MY_LOG_PAGE_SIZE },
    item: myDreamLogSchema,
  });

export function useMyDreamLog(page: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...myDreamLogQuery(page), enabled: loggedIn });
}
