import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/personalCenter/changeMail {email, code, securityToken}: after a security check. */
export const changeMail = (params: { email: string; code: string; securityToken: string }) =>
  apiPost('/api/personalCenter/changeMail', params, { schema: z.unknown() });

export const useChangeMail = () => useProfileMutation(changeMail);
