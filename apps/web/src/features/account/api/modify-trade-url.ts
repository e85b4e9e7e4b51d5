import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/**
 * POST /api/personalCenter/modifyTradeUrl {tradeUrl, securityToken?} (spec §5: a valid trade link is required;
 * issue 24 §1: replacing one needs the security check's token).
 */
export const modifyTradeUrl = (params: { tradeUrl: string; securityToken?: string }) =>
  apiPost('/api/personalCenter/modifyTradeUrl', params, { schema: z.unknown() });

export const useModifyTradeUrl = () => useProfileMutation(modifyTradeUrl);
