import { useMutation } from '@tanstack/react-query';
import { authResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';
import { newClientSeed } from '../../../shared/api/client-seed';

/**
 * POST /api/auth/steamExchange: the one-time code from the Steam callback address → a session; with this
 * browser's client seed for an account that has none (a Steam sign-up: issue 24 §13).
 */
export const steamExchange = (params: { code: string }) =>
  apiPost('/api/auth/steamExchange', { ...params, clientSeed: newClientSeed() }, { schema: authResultSchema, skipErrorToast: true });

export const useSteamExchange = () => useMutation({ mutationFn: steamExchange });
