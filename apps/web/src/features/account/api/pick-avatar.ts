import { avatarResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { useProfileMutation } from '../hooks/use-profile-mutation';

/** POST /api/personalCenter/uploadAvatarV2 {avatar}: one of the stock avatars of getHeadPicList. */
export const pickAvatar = (params: { avatar: string }) =>
  apiPost('/api/personalCenter/uploadAvatarV2', params, { schema: avatarResultSchema });

export const usePickAvatar = () => useProfileMutation(pickAvatar);
