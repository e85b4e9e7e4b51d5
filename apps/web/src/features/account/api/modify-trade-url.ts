import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/personalCenter/modifyTradeUrl {tradeUrl} (spec §5: a valid trade link is required). */
export const modifyTradeUrl = (params: { tradeUrl: string }) =>
  apiPost('/api/personalCenter/modifyTradeUrl', params, { schema: z.unknown() });

export const useModifyTradeUrl = () => useProfileMutation(modifyTradeUrl);
