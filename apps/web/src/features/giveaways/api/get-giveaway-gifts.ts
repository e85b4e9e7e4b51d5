import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { giveawayPrizeSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { giveawayKeys } from './giveaway-keys';

/** GET /api/giveaway/giftList {giveawayId}: the prize pool in draw order. */
export const useGiveawayGifts = (id: number) =>
  useQuery({
    queryKey: giveawayKeys.gifts(id),
    queryFn: ({ signal }) => apiGet('/api/giveaway/giftList', { giveawayId: id }, { schema: z.array(giveawayPrizeSchema), signal }),
    enabled: id > 0,
  });
