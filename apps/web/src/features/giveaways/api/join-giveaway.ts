import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../shared/api/client';
import { useRefreshGiveaways } from './use-refresh-giveaways';

/** POST /api/giveaway/partake {giveawayId, pwd} (login): one entry per user. */
export function useJoinGiveaway() {
  const refresh = useRefreshGiveaways();
  return useMutation({
    mutationFn: (params: { giveawayId: number; pwd?: string }) => apiPost('/api/giveaway/partake', params, { idempotent: true }),
    onSettled: refresh,
  });
}
