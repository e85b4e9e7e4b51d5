import { avatarResultSchema } from '@skinfair/contract';
import { apiUpload } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/personalCenter/uploadAvatar (multipart, field `file`) → {avatar}. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiUpload('/api/personalCenter/uploadAvatar', form, { schema: avatarResultSchema, timeoutMs: 60_000 });
}

export const useUploadAvatar = () => useProfileMutation(uploadAvatar);
