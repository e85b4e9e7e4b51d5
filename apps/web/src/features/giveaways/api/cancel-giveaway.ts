import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../shared/api/client';
import { useRefreshGiveaways } from './use-refresh-giveaways';

/** POST /api/giveaway/cancel {giveawayId}: the creator, while nobody has joined; the items go back. */
export function useCancelGiveaway() {
  const refresh = useRefreshGiveaways();
  return useMutation({
    mutationFn: (params: { giveawayId: number }) => apiPost('/api/giveaway/cancel', params, { idempotent: true }),
    onSettled: refresh,
  });
}
