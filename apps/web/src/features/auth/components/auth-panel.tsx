import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { loginPanels, useOverlayStore } from '../../../shared/stores/overlay-store';
import { Dialog } from '../../../shared/ui/dialog';
import { FindPasswordForm } from './find-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { SmsLoginForm } from './sms-login-form';
import { SteamLoginPanel } from './steam-login-panel';

export type LoginPanel = 'login' | 'register' | 'findPassword' | 'smsLogin' | 'steamLogin';

const bodies: Record<LoginPanel, () => ReactNode> = {
  login: () => <LoginForm />,
  register: () => <RegisterForm />,
  findPassword: () => <FindPasswordForm />,
  smsLogin: () => <SmsLoginForm />,
  steamLogin: () => <SteamLoginPanel />,
};

/**
 * The login-type panels (spec §2): login, register, find password, SMS login and game-platform login.
 * The overlay store keeps them exclusive, so the links at the bottom simply open another one.
 * Full-screen below sm (the `sheet` dialog).
 */
export function AuthPanel({ name }: { name: LoginPanel }) {
  const t = useT();
  const { openOverlay, closeOverlay } = useOverlayStore();
  const others = loginPanels.filter((panel): panel is LoginPanel => panel !== name);
  return (
    <Dialog title={t(`overlay.${name}`)} onClose={() => closeOverlay(name)} testId={`overlay-${name}`} variant="sheet">
      {bodies[name]()}
      <div className="mt-5 border-t border-line pt-4">
        <p className="mb-2 text-xs text-slate-500">{t('auth.switchTo')}</p>
        <div className="flex flex-wrap gap-2">
          {others.map((panel) => (
            <button
              key={panel}
              type="button"
              onClick={() => openOverlay(panel)}
              data-testid={`switch-${panel}`}
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
