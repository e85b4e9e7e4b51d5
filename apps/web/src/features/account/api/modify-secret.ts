import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/personalCenter/modifySecret: set or replace the password after a security check. */
export const modifySecret = (params: { securityToken: string; password: string }) =>
  apiPost('/api/personalCenter/modifySecret', params, { schema: z.unknown() });

export const useModifySecret = () => useProfileMutation(modifySecret);
