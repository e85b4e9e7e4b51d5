import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useIsLoggedIn } from '../../shared/storage/use-is-logged-in';
import { overlayNames, useOverlayStore, type OverlayName } from '../../shared/stores/overlay-store';
import { ErrorBoundary } from '../../shared/ui/error-boundary';
import { LanguageOverlay } from './language-overlay';
import { LeftMenuOverlay } from './left-menu-overlay';
import { overlays as O } from './lazy-overlays';
import { NoticeOnce, PublicNoticeOverlay } from './public-notice-overlay';

function OverlayFor({ name, onClose }: { name: OverlayName; onClose: () => void }) {
  switch (name) {
    case 'login':
    case 'register':
    case 'findPassword':
    case 'smsLogin':
    case 'steamLogin':
      return <O.AuthPanel name={name} />;
    case 'loginTip':
      return <O.LoginTip />;
    case 'registerTip':
      return <O.RegisterTip />;
    case 'userVerify':
      return <O.UserVerify onClose={onClose} />;
    case 'messages':
      return <O.MessageCenter onClose={onClose} />;
    case 'language':
      return <LanguageOverlay onClose={onClose} />;
    case 'publicNotice':
      return <PublicNoticeOverlay onClose={onClose} />;
    case 'leftMenu':
      return <LeftMenuOverlay onClose={onClose} />;
    case 'recharge':
      return <O.Recharge onClose={onClose} />;
    case 'benefit':
      return <O.Benefit onClose={onClose} />;
    case 'battleOpen':
      return <O.BattleOpen onClose={onClose} />;
    case 'skin':
      return <O.Skin onClose={onClose} />;
    case 'userInfo':
      return <O.UserCard onClose={onClose} />;
    default: {
      // Every overlay of spec §2 has its panel: a new name must get one here.
      const unhandled: never = name;
      return unhandled;
    }
  }
}

/** Renders whichever overlays the shared store has open (spec §2). */
export function OverlaysHost() {
  const open = useOverlayStore((s) => s.open);
  const closeOverlay = useOverlayStore((s) => s.closeOverlay);
  const { pathname } = useLocation();
  const loggedIn = useIsLoggedIn();

  // Navigating from the drawer should not leave it covering the new page.
  useEffect(() => closeOverlay('leftMenu'), [pathname, closeOverlay]);
  // Account-only overlays close when the session ends (logout, 401, another tab).
  useEffect(() => {
    if (loggedIn) return;
    closeOverlay('messages');
    closeOverlay('userVerify');
  }, [loggedIn, closeOverlay]);

  return (
    <>
      <NoticeOnce />
      {overlayNames
        .filter((name) => open[name])
        .map((name) => (
          // An overlay's chunk that fails to load shows its named error in place of the overlay (spec §8).
          <ErrorBoundary key={name}>
            <Suspense fallback={null}>
              <OverlayFor name={name} onClose={() => closeOverlay(name)} />
            </Suspense>
          </ErrorBoundary>
        ))}
    </>
  );
}
