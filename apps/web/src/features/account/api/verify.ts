import { z } from 'zod';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/auth/verify {realName, idCard, smsCode}: the direct real-name check (user verify). */
export const verifyIdentity = (params: { realName: string; idCard: string; smsCode: string }) =>
  apiPost('/api/auth/verify', params, { schema: z.object({ verified: z.boolean() }) });

export const useVerifyIdentity = () => useProfileMutation(verifyIdentity);
