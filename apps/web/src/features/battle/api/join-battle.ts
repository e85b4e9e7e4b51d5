import { battleDetailSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { paidSeatKeys, useBattleMutation } from './store-battle';

/** POST /api/battle/joinBattle {battleCode, pos (0 = first free), password?} (login): pays the entry price. */
export const joinBattle = (params: { battleCode: string; pos?: number; password?: string }) =>
  apiPost('/api/battle/joinBattle', params, { schema: battleDetailSchema, idempotent: true });

export const useJoinBattle = () => useBattleMutation(joinBattle, paidSeatKeys);
