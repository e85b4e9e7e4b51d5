import { queryOptions, useQuery } from '@tanstack/react-query';
import { skinDetailSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { skinKeys } from './skin-keys';

/** GET /api/skin/detail: an item with the boxes that hold it and its chance in each. */
export const skinDetailQuery = (itemId: number) =>
  queryOptions({
    queryKey: skinKeys.detail(itemId),
    queryFn: ({ signal }) => apiGet('/api/skin/detail', { itemId }, { schema: skinDetailSchema, signal }),
  });

export const useSkinDetail = (itemId: number | null) => useQuery({ ...skinDetailQuery(itemId ?? 0), enabled: itemId !== null });
