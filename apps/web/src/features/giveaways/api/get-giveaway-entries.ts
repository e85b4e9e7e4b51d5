import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { giveawayEntrySchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { giveawayKeys } from './giveaway-keys';

/** GET /api/giveaway/partakeList {giveawayId}: the entries in join order (what entriesHash is made of). */
export const giveawayEntriesQuery = (id: number) =>
  queryOptions({
    queryKey: giveawayKeys.entries(id),
    queryFn: ({ signal }) => apiGet('/api/giveaway/partakeList', { giveawayId: id }, { schema: z.array(giveawayEntrySchema), signal }),
  });

export const useGiveawayEntries = (id: number) => useQuery({ ...giveawayEntriesQuery(id), enabled: id > 0 });
