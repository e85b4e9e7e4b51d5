import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useRefreshGiveaways } from './use-refresh-giveaways';

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
const createdSchema = z.union([z.number().int().positive(), z.object({ id: z.number().int().positive() }).transform((r) => r.id)]);

export function useCreateGiveaway() {
  const refresh = useRefreshGiveaways();
  return useMutation({
    mutationFn: (body: CreateGiveawayBody) => apiPost('/api/giveaway/create', { ...body }, { schema: createdSchema, idempotent: true }),
    onSettled: refresh,
  });
}
