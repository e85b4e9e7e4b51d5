import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/personalCenter/modifyNickname. */
export const modifyNickname = (params: { nickname: string }) =>
  apiPost('/api/personalCenter/modifyNickname', params, { schema: z.unknown() });

export const useModifyNickname = () => useProfileMutation(modifyNickname);
