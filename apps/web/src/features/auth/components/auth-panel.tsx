import { useT } from '../../../shared/i18n/use-t';
import { loginPanels, useOverlayStore, type OverlayName } from '../../../shared/stores/overlay-store';
import { Dialog } from '../../../shared/ui/dialog';

type LoginPanel = 'login' | 'register' | 'findPassword' | 'smsLogin' | 'steamLogin';

/**
 * The login-type panels (spec §2): login, register, find password, SMS login and game-platform login.
 * The frame is real (title, close, Esc, focus kept inside, switching between panels, which the overlay
 * store keeps exclusive); the forms arrive with the accounts issue, so the body says so.
 */
export function AuthPanel({ name }: { name: LoginPanel }) {
  const t = useT();
  const { openOverlay, closeOverlay } = useOverlayStore();
  const others = loginPanels.filter((panel): panel is LoginPanel => panel !== name);
  return (
    <Dialog title={t(`overlay.${name}`)} onClose={() => closeOverlay(name)} testId={`overlay-${name}`}>
      <p className="py-6 text-center text-slate-300">{t('feature.comingSoon')}</p>
      <div className="border-t border-line pt-4">
        <p className="mb-2 text-xs text-slate-500">{t('auth.switchTo')}</p>
        <div className="flex flex-wrap gap-2">
          {others.map((panel: OverlayName) => (
            <button
              key={panel}
              type="button"
              onClick={() => openOverlay(panel)}
              className="rounded-md bg-panel-2 px-3 py-1.5 text-sm text-slate-200 hover:text-white"
            >
              {t(`overlay.${panel}`)}
            </button>
          ))}
        </div>
      </div>
    </Dialog>
  );
}
