import { useMutation } from '@tanstack/react-query';
import { smsSentSchema, type userSmsPurposes } from '@skinfair/contract';
import { apiPost } from '../../api/client';

export type UserSmsPurpose = (typeof userSmsPurposes)[number];

/** POST /api/common/userSmsCode: a code to the logged-in user's own number, after a slider pass. */
export const sendUserSmsCode = (params: { type: UserSmsPurpose; captchaVerification: string }) =>
  apiPost('/api/common/userSmsCode', params, { schema: smsSentSchema });

export const useSendUserSmsCode = () => useMutation({ mutationFn: sendUserSmsCode });
