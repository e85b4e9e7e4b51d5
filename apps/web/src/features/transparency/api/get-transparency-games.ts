import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transparencyGamesSchema, type TransparencyWindow } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

/** GET /api/transparency/games {window}: declared against realised return per game (issue 18). */
export const transparencyGamesQuery = (window: TransparencyWindow) =>
  queryOptions({
    queryKey: ['transparency', 'games', window] as const,
    queryFn: ({ signal }) =>
      apiGet('/api/transparency/games', { window }, { schema: transparencyGamesSchema, signal, skipErrorToast: true }),
    // The server keeps each window a minute.
    staleTime: 60_000,
  });

export const useTransparencyGames = (window: TransparencyWindow) =>
  useQuery({ ...transparencyGamesQuery(window), placeholderData: keepPreviousData });
