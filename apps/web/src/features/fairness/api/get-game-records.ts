import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gameRecordSchema, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';

export const GAME_PAGE_SIZE = 10;

/** GET /api/key/gameRecords {page, pageSize} (login): the player's games with seeds and balances. */
export const gameRecordsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.gameRecords(page),
    queryFn: ({ signal }) =>
      apiGet(
        '/api/key/gameRecords',
        { page, pageSize: GAME_PAGE_SIZE },
        { schema: pageSchema(gameRecordSchema), signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useGameRecords(page: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...gameRecordsQuery(page), enabled: loggedIn });
}
