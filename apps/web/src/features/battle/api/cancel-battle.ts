import { battleDetailSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { paidSeatKeys, useBattleMutation } from './store-battle';

/** POST /api/battle/cancel {battleCode} (login, the creator, waiting only): every human seat is refunded. */
export const cancelBattle = (params: { battleCode: string }) =>
  apiPost('/api/battle/cancel', params, { schema: battleDetailSchema, idempotent: true });

export const useCancelBattle = () => useBattleMutation(cancelBattle, paidSeatKeys);
