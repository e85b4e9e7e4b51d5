import { useMutation } from '@tanstack/react-query';
import { smsSentSchema, type guestSmsPurposes } from '@skinfair/contract';
import { apiPost } from '../../api/client';

export type GuestSmsPurpose = (typeof guestSmsPurposes)[number];

/** POST /api/common/smsCode: a code to a typed number, after a slider pass (spec §5). */
export const sendSmsCode = (params: { phone: string; type: GuestSmsPurpose; captchaVerification: string }) =>
  apiPost('/api/common/smsCode', params, { schema: smsSentSchema });

export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
