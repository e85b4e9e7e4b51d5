import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { UserVerifyOverlay } from '../../features/account';
import { AuthPanel, LoginTip, RegisterTip } from '../../features/auth';
import { MessageCenter } from '../../features/messages';
import { RechargeOverlay } from '../../features/recharge';
import { BenefitOverlay } from '../../features/rewards';
import { useIsLoggedIn } from '../../shared/storage/use-is-logged-in';
import type { MessageId } from '../../shared/i18n/zh-CN';
import { overlayNames, useOverlayStore, type OverlayName } from '../../shared/stores/overlay-store';
import { ComingSoonDialog } from '../../shared/ui/coming-soon-dialog';
import { LanguageOverlay } from './language-overlay';
import { LeftMenuOverlay } from './left-menu-overlay';
import { PublicNoticeOverlay } from './public-notice-overlay';

function OverlayFor({ name, onClose }: { name: OverlayName; onClose: () => void }) {
  switch (name) {
    case 'login':
    case 'register':
    case 'findPassword':
    case 'smsLogin':
    case 'steamLogin':
      return <AuthPanel name={name} />;
    case 'loginTip':
      return <LoginTip />;
    case 'registerTip':
      return <RegisterTip />;
    case 'userVerify':
      return <UserVerifyOverlay onClose={onClose} />;
    case 'messages':
      return <MessageCenter onClose={onClose} />;
    case 'language':
      return <LanguageOverlay onClose={onClose} />;
    case 'publicNotice':
      return <PublicNoticeOverlay onClose={onClose} />;
    case 'leftMenu':
      return <LeftMenuOverlay onClose={onClose} />;
    case 'recharge':
      return <RechargeOverlay onClose={onClose} />;
    case 'benefit':
      return <BenefitOverlay onClose={onClose} />;
    default:
      // battle open, user info, skin: frames until their features land.
      return (
        <ComingSoonDialog
          titleId={`overlay.${name}` as MessageId}
          onClose={onClose}
          testId={`overlay-${name}`}
        />
      );
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
      {overlayNames
        .filter((name) => open[name])
        .map((name) => (
          <OverlayFor key={name} name={name} onClose={() => closeOverlay(name)} />
        ))}
    </>
  );
}
