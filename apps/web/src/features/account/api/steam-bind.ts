import { useMutation } from '@tanstack/react-query';
import { steamBindStartSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/**
 * POST /api/auth/steamBind {callbackUrl} → {redirectUrl}: linking Steam starts from this logged-in call
 * (never from a link), which also sets the state cookie the return from Steam must carry.
 */
export const startSteamBind = (callbackUrl: string) => apiPost('/api/auth/steamBind', { callbackUrl }, { schema: steamBindStartSchema });

export const useStartSteamBind = () => useMutation({ mutationFn: startSteamBind });
