import { useQuery } from '@tanstack/react-query';
import { ornamentSchema, pageSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** Enough for a room's 50 prizes with room to choose; the picker shows this one page, dearest first. */
export const PICKABLE_PAGE_SIZE = 100;

/**
 * GET /api/personalCenter/getMyOrnamentPage {state 0, sort 1}: the items in my backpack, for a room's
 * prizes. Under ['user', 'backpack'] so an opening, a swap or a retrieval elsewhere refreshes it too.
 */
export const usePickableItems = (enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.backpack, 'giveawayPick'],
    queryFn: ({ signal }) =>
      apiGet(
        '/api/personalCenter/getMyOrnamentPage',
        { page: 1, pageSize: PICKABLE_PAGE_SIZE, sort: 1, state: 0 },
        { schema: pageSchema(ornamentSchema), signal },
      ),
    enabled,
  });
