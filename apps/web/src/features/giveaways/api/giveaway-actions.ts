import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { giveawayKeys } from './giveaway-keys';

/** Everything a join, a create or a cancel may change: the room, the lists, mine, and the backpack. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [giveawayKeys.all, giveawayKeys.mineAll, queryKeys.backpack].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/giveaway/partake {giveawayId, pwd} (login): one entry per user. */
export function useJoinGiveaway() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (params: { giveawayId: number; pwd?: string }) => apiPost('/api/giveaway/partake', params),
    onSettled: refresh,
  });
}

/** POST /api/giveaway/cancel {giveawayId}: the creator, while nobody has joined; the items go back. */
export function useCancelGiveaway() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (params: { giveawayId: number }) => apiPost('/api/giveaway/cancel', params),
    onSettled: refresh,
  });
}

/** The body of POST /api/giveaway/create as the form sends it (createGiveawayParams). */
export interface CreateGiveawayBody {
  title: string;
  remark: string;
  vouchers: string;
  openTime: string;
  pwd?: string;
  minDeposit: number;
  depositStart?: string;
  depositEnd?: string;
  minVipGrade: number;
  requirePromotion: boolean;
}

/** The server answers with the room (or, per api-shapes' habit, its id): the page only needs the id. */
const createdSchema = z.union([
  z.number().int().positive(),
  z.object({ id: z.number().int().positive() }).transform((r) => r.id),
]);

export function useCreateGiveaway() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CreateGiveawayBody) =>
      apiPost('/api/giveaway/create', { ...body }, { schema: createdSchema }),
    onSettled: refresh,
  });
}
