import { useMutation } from '@tanstack/react-query';
import { authResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { newClientSeed } from '../../../shared/api/client-seed';

export interface SignUpInput {
  mobile: string;
  password: string;
  code: string;
  invitationCode?: string | undefined;
  promoteCode?: string | null | undefined;
  channelCode?: string | null | undefined;
}

/**
 * POST /api/auth/signUp. Spec §5: the 18+ and agreement boxes are required, so both are sent true. The
 * new account's seed pairs get this browser's client seed (PF v1 §1, issue 24 §13).
 */
export const signUp = (params: SignUpInput) =>
  apiPost('/api/auth/signUp', { ...params, adult: true, agreement: true, clientSeed: newClientSeed() }, { schema: authResultSchema });

export const useSignUp = () => useMutation({ mutationFn: signUp });
