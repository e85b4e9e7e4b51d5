import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { useIsLoggedIn } from '../storage/use-is-logged-in';
import { OverlayButton } from './overlay-button';

/** The not-logged-in prompt (spec §2, §6): "请先登录" with the login and register panels one click away. */
export function LoginPrompt() {
  const t = useT();
  return (
    <div
      role="status"
      data-testid="login-required"
      className="flex flex-col items-center justify-center gap-4 rounded-xl border border-line bg-panel px-6 py-12 text-center"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-12 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
      <p className="text-lg font-semibold text-white">{t('auth.needLogin')}</p>
      <p className="text-sm text-slate-400">{t('auth.needLoginBody')}</p>
      <div className="flex gap-3">
        <OverlayButton overlay="login" className="rounded-lg bg-accent-orange px-6 py-2 font-semibold text-black hover:brightness-110">
          {t('overlay.login')}
        </OverlayButton>
        <OverlayButton
          overlay="register"
          className="rounded-lg border border-line bg-panel-2 px-6 py-2 font-semibold text-white hover:brightness-125"
        >
          {t('overlay.register')}
        </OverlayButton>
      </div>
    </div>
  );
}

/** Spec §6: a not-logged-in page asks for login (logged in = a stored token, spec §4). */
export function LoginRequired({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  return loggedIn ? <>{children}</> : <LoginPrompt />;
}
