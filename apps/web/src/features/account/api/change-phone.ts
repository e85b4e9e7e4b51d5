import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/personalCenter/changePhone: the old number's code and the new number with its code. */
export const changePhone = (params: { oldCode: string; mobile: string; newCode: string }) =>
  apiPost('/api/personalCenter/changePhone', params, { schema: z.unknown() });

export const useChangePhone = () => useProfileMutation(changePhone);
