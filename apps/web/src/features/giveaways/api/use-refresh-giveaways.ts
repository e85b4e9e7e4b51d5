import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { giveawayKeys } from './giveaway-keys';

/** Everything a join, a create or a cancel may change: the rooms, the lists, mine, and the backpack (escrow). */
export function useRefreshGiveaways() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [giveawayKeys.all, giveawayKeys.mineAll, queryKeys.backpack].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}
