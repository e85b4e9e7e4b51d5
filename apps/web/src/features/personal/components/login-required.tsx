import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { EmptyState } from '../../../shared/ui/empty-state';

/** Spec §6: a not-logged-in page asks for login (logged in = a stored token, spec §4). */
export function LoginRequired({ children }: { children: ReactNode }) {
  const t = useT();
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <>{children}</>;
  return (
    <EmptyState message={t('personal.needLogin')}>
      <button
        type="button"
        onClick={() => openOverlay('login')}
        className="rounded-lg bg-accent-orange px-5 py-2 font-semibold text-black hover:brightness-110"
      >
        {t('personal.goLogin')}
      </button>
    </EmptyState>
  );
}
