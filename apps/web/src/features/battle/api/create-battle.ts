import { battleDetailSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { paidSeatKeys, useBattleMutation } from './store-battle';

export interface CreateBattleInput {
  /** Box ids, one per round, in order; repeats allowed. */
  boxIds: readonly number[];
  countCustomer: number;
  mode: number;
  /** The creator's seat, 1..countCustomer. */
  pos: number;
  password?: string;
}

/**
 * POST /api/battle/create {boxLists (comma list, one id per round), countCustomer, mode, pos, password?}
 * (login): the creator takes seat `pos` and pays the entry price.
 */
export const createBattle = ({ boxIds, countCustomer, mode, pos, password }: CreateBattleInput) =>
  apiPost(
    '/api/battle/create',
    { boxLists: boxIds.join(','), countCustomer, mode, pos, ...(password ? { password } : {}) },
    { schema: battleDetailSchema, idempotent: true },
  );

export const useCreateBattle = () => useBattleMutation(createBattle, paidSeatKeys);
