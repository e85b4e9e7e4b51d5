import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transparencyBoxPage, type TransparencyWindow } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';

export const TRANSPARENCY_BOX_PAGE_SIZE = 20;

/** GET /api/transparency/boxes {window, page, pageSize}: every box's figures, paged. */
export const transparencyBoxesQuery = (window: TransparencyWindow, page: number) =>
  queryOptions({
    queryKey: ['transparency', 'boxes', window, page] as const,
    queryFn: ({ signal }) =>
      apiGet(
        '/api/transparency/boxes',
        { window, page, pageSize: TRANSPARENCY_BOX_PAGE_SIZE },
        { schema: transparencyBoxPage, signal, skipErrorToast: true },
      ),
    staleTime: 60_000,
  });

export const useTransparencyBoxes = (window: TransparencyWindow, page: number) =>
  useQuery({ ...transparencyBoxesQuery(window, page), placeholderData: keepPreviousData });
