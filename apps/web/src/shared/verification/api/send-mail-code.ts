import { useMutation } from '@tanstack/react-query';
import { smsSentSchema } from '@skinfair/contract';
import { apiPost } from '../../api/client';

export type MailPurpose = 'bindMail' | 'security';

/**
 * POST /api/common/mailCode (logged in): a code to the typed address. A new address needs a slider pass
 * (issue 24 §8); a security code goes only to the account's own address and needs none.
 */
export const sendMailCode = (params: { email: string; type: MailPurpose; captchaVerification?: string }) =>
  apiPost('/api/common/mailCode', params, { schema: smsSentSchema });

export const useSendMailCode = () => useMutation({ mutationFn: sendMailCode });
