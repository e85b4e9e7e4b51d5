import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/**
 * POST /api/personalCenter/bindMail {email, code, securityToken}: the first address, proven by a mailCode,
 * with the bound phone's security check (only an account without a phone leaves the token out).
 */
export const bindMail = (params: { email: string; code: string; securityToken?: string }) =>
  apiPost('/api/personalCenter/bindMail', params, { schema: z.unknown() });

export const useBindMail = () => useProfileMutation(bindMail);
