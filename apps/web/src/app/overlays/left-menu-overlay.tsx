import { Link, NavLink } from 'react-router';
import { formatFen } from '@skinfair/contract';
import { useSysConfig } from '../../shared/api/common-queries';
import { useUserInfo } from '../../shared/api/user-queries';
import { useT } from '../../shared/i18n/use-t';
import { Dialog } from '../../shared/ui/dialog';
import { mainNav, menuExtras } from '../layout/nav-items';
import { OverlayButton } from '../../shared/ui/overlay-button';

const menuItem = 'rounded-lg px-3 py-2.5 text-start text-slate-200 hover:bg-panel-2';

/** The mobile navigation drawer (below the md breakpoint the header hides its nav). */
export function LeftMenuOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const user = useUserInfo().data;
  const showNotice = useSysConfig().data?.showPublicText ?? false;
  return (
    <Dialog title={t('overlay.leftMenu')} onClose={onClose} variant="drawer" testId="overlay-leftMenu">
      {user ? (
        // The balance is in the menu too (issue 9 item 22): coins, points and a way to top up.
        <div className="mb-3 flex items-center justify-between gap-3 rounded-lg bg-panel-2 px-3 py-2.5" data-testid="left-menu-balance">
          <Link to="/personal" onClick={onClose} className="flex flex-col text-sm leading-tight">
            <span className="sr-only">{t('header.balances')}</span>
            <span className="font-semibold text-accent-orange">
              {t('account.balance')} {formatFen(user.balance)}
            </span>
            <span className="text-xs text-accent-cyan">{t('header.points', { points: formatFen(user.integral) })}</span>
          </Link>
          <OverlayButton
            overlay="recharge"
            closing={onClose}
            className="rounded-lg bg-accent-orange px-3 py-1.5 text-sm font-semibold text-black"
          >
            {t('header.recharge')}
          </OverlayButton>
        </div>
      ) : null}
      <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
        {[...menuExtras.slice(0, 1), ...mainNav, ...menuExtras.slice(1)].map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            onClick={onClose}
            className={({ isActive }) =>
              `rounded-lg px-3 py-2.5 ${isActive ? 'bg-panel-2 text-accent-orange' : 'text-slate-200 hover:bg-panel-2'}`
            }
          >
            {t(item.label)}
          </NavLink>
        ))}
        <OverlayButton overlay="benefit" closing={onClose} className={menuItem}>
          {t('header.benefit')}
        </OverlayButton>
        {showNotice ? (
          <OverlayButton overlay="publicNotice" closing={onClose} className={menuItem}>
            {t('header.notice')}
          </OverlayButton>
        ) : null}
        <OverlayButton overlay="language" className={menuItem}>
          {t('header.language')}
        </OverlayButton>
      </nav>
    </Dialog>
  );
}
