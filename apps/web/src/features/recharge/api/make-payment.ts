import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys';
import { paymentResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

export interface MakePaymentParams {
  rechargeChannelId: number;
  currencyCode: string;
  /** In the currency's minor unit (fen for CNY, cents for USD). */
  amount: number;
  /** A recharge coupon, reserved with the order. */
  couponId?: number | null;
}

/**
 * POST /api/recharge/makePayment (login) → {orderId, payUrl}. Refusals: 3008 channel, 3009 currency,
 * 5001 outside the channel's limits, 5002 channel unavailable (toasted by the client).
 */
export const makePayment = (params: MakePaymentParams) =>
  apiPost('/api/recharge/makePayment', { ...params }, { schema: paymentResultSchema, idempotent: true });

export function useMakePayment() {
  const queryClient = useQueryClient();
  // A chosen coupon is reserved with the order: it leaves the usable list. The order (or its refusal) also
  // changes the deposit-limit room the panel shows (issue 30 §3).
  return useMutation({
    mutationFn: makePayment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.coupons }),
        queryClient.invalidateQueries({ queryKey: queryKeys.rechargeConfig }),
      ]),
  });
}
