import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { giveawayRoomSchema, type GiveawayRoom } from '@skinfair/contract';
import { useLiveStore } from '../../../shared/stores/live-store';
import { giveawayKeys } from '../api/giveaway-keys';

/**
 * Event 41 carries the room as giveaway/detail shows it to a guest: the viewer's own fields (joined, and
 * whether they meet each condition) are kept from the room this browser fetched with its token.
 */
function apply(queryClient: QueryClient, data: unknown): void {
  const parsed = giveawayRoomSchema.safeParse(data);
  if (parsed.success) {
    const room = parsed.data;
    queryClient.setQueryData<GiveawayRoom>(giveawayKeys.detail(room.id), (old) =>
      old ? { ...room, joinFlag: old.joinFlag, eligibility: old.eligibility } : undefined,
    );
    // A join adds an entry, a draw fills the winners: what the room lists next to its detail follows.
    void queryClient.invalidateQueries({
      queryKey: giveawayKeys.room(room.id),
      predicate: (query) => query.queryKey[3] !== 'detail',
    });
  }
  // A page's membership and order follow the server's filters, which this client does not repeat.
  void queryClient.invalidateQueries({ queryKey: giveawayKeys.lists });
  void queryClient.invalidateQueries({ queryKey: giveawayKeys.mineAll });
}

/** Issue 14: event 41 updates the room in place and refreshes the lists, without a reload. */
export function useGiveawayLive(): void {
  const queryClient = useQueryClient();
  const value = useLiveStore((s) => s.giveawayState);
  // The value the store held when the page mounted is older than what the page fetches: skip it.
  const seen = useRef(value);
  useEffect(() => {
    if (value === seen.current) return;
    seen.current = value;
    if (value !== null) apply(queryClient, value);
  }, [value, queryClient]);
}
