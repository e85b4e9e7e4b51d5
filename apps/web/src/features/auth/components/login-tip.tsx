import { useT } from '../../../shared/i18n/use-t';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { Dialog } from '../../../shared/ui/dialog';
import { OverlayButton } from '../../../shared/ui/overlay-button';

/**
 * The login tip (spec §2): shown when a guest tries something that needs an account (see
 * shared/api/require-login). The success side of "login tip" is the "登录成功" toast.
 */
export function LoginTip() {
  const t = useT();
  const closeOverlay = useOverlayStore((s) => s.closeOverlay);
  const close = () => closeOverlay('loginTip');
  return (
    <Dialog title={t('overlay.loginTip')} onClose={close} testId="overlay-loginTip">
      <div className="flex flex-col items-center gap-4 text-center">
        <p className="text-lg font-semibold text-white">{t('auth.needLogin')}</p>
        <p className="text-sm text-slate-400">{t('auth.needLoginBody')}</p>
        <div className="flex gap-3">
          <OverlayButton overlay="login" closing={close} className="rounded-lg bg-accent-orange px-6 py-2 font-semibold text-black">
            {t('overlay.login')}
          </OverlayButton>
          <OverlayButton overlay="register" closing={close} className="rounded-lg bg-panel-2 px-6 py-2 font-semibold text-white">
            {t('overlay.register')}
          </OverlayButton>
        </div>
      </div>
    </Dialog>
  );
}
