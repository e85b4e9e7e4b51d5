import { battleDetailSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { battleKeys } from './battle-keys';
import { useBattleMutation } from './store-battle';

/** POST /api/battle/joinBot {battleCode, botId? (none = any), pos (0 = first free)} (login, the creator). */
export const joinBot = (params: { battleCode: string; botId?: number; pos?: number }) =>
  apiPost('/api/battle/joinBot', params, { schema: battleDetailSchema, idempotent: true });

export const useJoinBot = () => useBattleMutation(joinBot, [battleKeys.mineAll, battleKeys.lists, battleKeys.bots]);
