import { useMutation } from '@tanstack/react-query';
import { securityTokenSchema } from '@skinfair/contract';
import { apiPost } from '../../../shared/api/client';

/** POST /api/personalCenter/securityCheck {type 0 phone | 1 mail, code} → a short-lived securityToken. */
export const securityCheck = (params: { type: 0 | 1; code: string }) =>
  apiPost('/api/personalCenter/securityCheck', params, { schema: securityTokenSchema });

export const useSecurityCheck = () => useMutation({ mutationFn: securityCheck });
