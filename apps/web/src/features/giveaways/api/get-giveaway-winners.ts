import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { giveawayWinnerSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { giveawayKeys } from './giveaway-keys';

/** GET /api/giveaway/winnerList {giveawayId}: after the draw, each winner with the prizes they won. */
export const useGiveawayWinners = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: giveawayKeys.winners(id),
    queryFn: ({ signal }) => apiGet('/api/giveaway/winnerList', { giveawayId: id }, { schema: z.array(giveawayWinnerSchema), signal }),
    enabled: id > 0 && enabled,
  });
