import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../shared/ui/toast';
import { useNavigate } from 'react-router';
import type { AuthResult } from '@skinfair/contract';
import { startSession } from '../../../shared/api/session';
import { useT } from '../../../shared/i18n/use-t';
import { useEntryParamsStore } from '../../../shared/stores/entry-params-store';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { sitePath } from '../steam-callback-params';

/**
 * After any login or sign-up: store the token, refetch, close the panel, then the login tip (a toast
 * "登录成功") or, for a new account, the register tip. A callbackUrl captured from the address is
 * followed once (same-site paths only).
 */
export function useAuthSuccess(): (result: AuthResult) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT();
  return (result) => {
    startSession(queryClient, result.token);
    const overlays = useOverlayStore.getState();
    for (const name of ['login', 'register', 'findPassword', 'smsLogin', 'steamLogin'] as const) {
      overlays.closeOverlay(name);
    }
    if (result.register) overlays.openOverlay('registerTip');
    else toast.success(t('auth.loginSuccess'), { id: 'login-success' });
    const { callbackUrl } = useEntryParamsStore.getState();
    if (callbackUrl) {
      useEntryParamsStore.setState({ callbackUrl: null });
      // An off-site address is dropped: the user stays where the panel was opened.
      const target = sitePath(callbackUrl);
      if (target) void navigate(target);
    }
  };
}
