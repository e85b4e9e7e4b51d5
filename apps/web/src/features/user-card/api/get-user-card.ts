import { queryOptions, useQuery } from '@tanstack/react-query';
import { userCardSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/user/publicCard: another player's public facts; short-lived, a card is opened and closed. */
export const userCardQuery = (userId: number) =>
  queryOptions({
    queryKey: ['userCard', userId] as const,
    queryFn: ({ signal }) => apiGet('/api/user/publicCard', { userId }, { schema: userCardSchema, signal }),
    staleTime: 30_000,
  });

export const useUserCard = (userId: number | null) => useQuery({ ...userCardQuery(userId ?? 0), enabled: userId !== null });
