import { useMutation } from '@tanstack/react-query';
import { steamBindTicketSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/** POST /api/auth/steamBindTicket → {ticket}, carried through the Steam login to link the account. */
export const steamBindTicket = () => apiPost('/api/auth/steamBindTicket', {}, { schema: steamBindTicketSchema });

export const useSteamBindTicket = () => useMutation({ mutationFn: steamBindTicket });
