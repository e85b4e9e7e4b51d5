import { useMutation } from '@tanstack/react-query';
import { openCaseResultSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/** POST /api/personalCenter/openFreeBox {id, number 1}: opens one free-box grant; same answer as openCase. */
export const openFreeBox = (params: { id: number }) =>
  apiPost('/api/personalCenter/openFreeBox', { id: params.id, number: 1 }, { schema: openCaseResultSchema, idempotent: true });

export const useOpenFreeBox = () => useMutation({ mutationFn: openFreeBox });
