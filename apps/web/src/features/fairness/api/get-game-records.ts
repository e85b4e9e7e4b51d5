import { gameRecordSchema } from '@skinfair/contract';
import { pageNumberQuery } from '../../../shared/api/page-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { useLoggedInQuery } from '../../../shared/api/use-logged-in-query';

export const GAME_PAGE_SIZE = 10;

/** GET /api/key/gameRecords {page, pageSize} (login): the player's games with seeds and balances. */
export const gameRecordsQuery = pageNumberQuery(queryKeys.gameRecords, '/api/key/gameRecords', gameRecordSchema, GAME_PAGE_SIZE);

export function useGameRecords(page: number) {
  return useLoggedInQuery(gameRecordsQuery(page));
}
