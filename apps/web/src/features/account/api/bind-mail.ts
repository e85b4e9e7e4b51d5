import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/personalCenter/bindMail {email, code}: the first address, proven by a mailCode. */
export const bindMail = (params: { email: string; code: string }) =>
  apiPost('/api/personalCenter/bindMail', params, { schema: z.unknown() });

export const useBindMail = () => useProfileMutation(bindMail);
