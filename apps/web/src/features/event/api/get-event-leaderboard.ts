import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventLeaderboardSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { eventKeys } from './event-keys';

/** GET /api/event/leaderboard {eventId}: the running period live, the previous one as settled. */
export const eventLeaderboardQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.leaderboard(eventId),
    queryFn: ({ signal }) => apiGet('/api/event/leaderboard', { eventId }, { schema: eventLeaderboardSchema, signal }),
    staleTime: 30_000,
  });

export const useEventLeaderboard = (eventId: number) => useQuery(eventLeaderboardQuery(eventId));
