import { useQuery } from '@tanstack/react-query';
import { gameRecordSchema } from '@skinfair/contract';
import { pageQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';

export const GAME_PAGE_SIZE = 10;

/** GET /api/key/gameRecords {page, pageSize} (login): the player's games with seeds and balances. */
export const gameRecordsQuery = (page: number) =>
  pageQuery({
    queryKey: queryKeys.gameRecords(page),
    path: '/api/key/gameRecords',
    params: { page, pageSize: GAME_PAGE_SIZE },
    item: gameRecordSchema,
  });

export function useGameRecords(page: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...gameRecordsQuery(page), enabled: loggedIn });
}
