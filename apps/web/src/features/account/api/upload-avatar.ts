import { avatarResultSchema } from '@skinfair/contract';
import { apiUpload } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** JPG, PNG or WEBP up to 2 MB, checked before the upload (the server checks again). */
export const isAcceptableAvatar = (file: File) =>
  (AVATAR_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= AVATAR_MAX_BYTES;

/** POST /api/personalCenter/uploadAvatar (multipart, field `file`) → {avatar}. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiUpload('/api/personalCenter/uploadAvatar', form, { schema: avatarResultSchema, timeoutMs: 60_000 });
}

export const useUploadAvatar = () => useProfileMutation(uploadAvatar);
