import { useMutation } from '@tanstack/react-query';
import { authResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/** POST /api/auth/steamExchange: the one-time code from the Steam callback address → a session. */
export const steamExchange = (params: { code: string }) =>
  apiPost('/api/auth/steamExchange', params, { schema: authResultSchema, skipErrorToast: true });

export const useSteamExchange = () => useMutation({ mutationFn: steamExchange });
