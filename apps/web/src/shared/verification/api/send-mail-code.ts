import { useMutation } from '@tanstack/react-query';
import { smsSentSchema } from '@skinfair/contract';
import { apiPost } from '../../api/client';

/** POST /api/common/mailCode (logged in): a code to the typed address. */
export const sendMailCode = (params: { email: string }) =>
  apiPost('/api/common/mailCode', params, { schema: smsSentSchema });

export const useSendMailCode = () => useMutation({ mutationFn: sendMailCode });
