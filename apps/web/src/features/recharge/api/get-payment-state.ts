import { useQueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { paymentStateSchema } from '@skinfair/contract';
import { apiGet } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';
import { refreshWallet } from '../../../shared/api/wallet-refresh';
import { paymentPollInterval } from '../recharge-math';

/** GET /api/recharge/paymentState {orderId} (login): 0 processing, 1 completed, 2 cancelled. */
export const paymentStateQuery = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.paymentState(orderId),
    queryFn: ({ signal }) => apiGet('/api/recharge/paymentState', { orderId }, { schema: paymentStateSchema, signal }),
    staleTime: 0,
  });

/**
 * Polls every 2 s until the order settles (1 or 2), also while this tab is in the background (the user
 * is paying in the other one), and at once when the tab regains focus. When it completes, the balance
 * and everything money-related is refetched.
 */
export function usePaymentState(orderId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...paymentStateQuery(orderId ?? ''),
    enabled: Boolean(orderId),
    refetchInterval: (q) => paymentPollInterval(q.state.data?.state),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: (q) => paymentPollInterval(q.state.data?.state) !== false,
  });
  const state = query.data?.state;
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (state !== 1 || !orderId || refreshed.current === orderId) return;
    refreshed.current = orderId;
    void refreshWallet(queryClient);
  }, [state, orderId, queryClient]);
  return query;
}
