import { Link, NavLink } from 'react-router';
import { useHomepageStat, useSysConfig } from '../../shared/api/common-queries';
import { useRechargeConfig } from '../../shared/api/recharge-config';
import { useT } from '../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../shared/storage/use-is-logged-in';
import { SandboxBadge } from '../../shared/ui/sandbox-badge';
import { mainNav } from './nav-items';
import { UserMenu } from './user-menu';
import { OverlayButton } from '../../shared/ui/overlay-button';

const iconButton =
  'whitespace-nowrap rounded-lg p-2 text-slate-300 hover:bg-panel-2 hover:text-white focus-visible:outline-2 focus-visible:outline-accent-orange';

function MenuButton() {
  const t = useT();
  return (
    <OverlayButton overlay="leftMenu" className={`${iconButton} md:hidden`} ariaLabel={t('header.menu')}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
    </OverlayButton>
  );
}

function HeaderActions() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const online = useHomepageStat().data?.onlineCount;
  const config = useSysConfig().data;
  // The first-deposit pill shows only while the server's offer for this player pays it (issue 30 §1: not after
  // the first deposit, not during a cool-off, not once claimed); a guest sees it.
  const offer = useRechargeConfig().data?.firstDepositBonus;
  const noOffer = loggedIn && offer !== undefined && offer.payout === 'none';
  return (
    <div className="ms-auto flex min-w-0 items-center gap-1 sm:gap-2">
      {online !== undefined ? (
        <span className="hidden items-center gap-1.5 text-xs text-slate-400 sm:flex" data-testid="online-count">
          <span className="size-2 rounded-full bg-emerald-400" aria-hidden="true" />
          {t('header.online', { count: online })}
        </span>
      ) : null}
      {config && config.firstDepositBonusPercent > 0 && !noOffer ? (
        // Spec §1: banner text promotes a bonus on the first deposit.
        <OverlayButton
          overlay="recharge"
          className="hidden rounded-full border border-accent-purple px-3 py-1 text-xs text-accent-purple hover:bg-accent-purple/10 lg:inline"
        >
          {t('header.firstDeposit', { percent: config.firstDepositBonusPercent })}
        </OverlayButton>
      ) : null}
      <OverlayButton overlay="benefit" className={`${iconButton} hidden text-sm sm:inline-flex`} testId="header-benefit">
        {t('header.benefit')}
      </OverlayButton>
      {loggedIn ? (
        <OverlayButton
          overlay="recharge"
          className="shrink-0 whitespace-nowrap rounded-lg bg-accent-orange px-2.5 py-1.5 text-sm font-semibold text-black hover:brightness-110 sm:px-3"
          ariaLabel={t('header.recharge')}
          testId="header-recharge"
        >
          <span aria-hidden="true" className="sm:hidden">
            +
          </span>
          <span className="hidden sm:inline">{t('header.recharge')}</span>
        </OverlayButton>
      ) : null}
      {config?.showPublicText ? (
        <OverlayButton overlay="publicNotice" className={`${iconButton} hidden sm:inline-flex`}>
          {t('header.notice')}
        </OverlayButton>
      ) : null}
      <OverlayButton overlay="language" className={`${iconButton} hidden sm:inline-flex`} ariaLabel={t('header.language')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
        </svg>
      </OverlayButton>
      {loggedIn ? (
        <UserMenu />
      ) : (
        <OverlayButton
          overlay="login"
          className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black hover:brightness-110"
        >
          {t('header.login')}
        </OverlayButton>
      )}
    </div>
  );
}

/** Logo, main navigation (md and up; the left menu below md), online count, language, login. */
export function SiteHeader() {
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      {/* In the sticky header: always in sight, and it takes its own room instead of covering a control. */}
      <SandboxBadge />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4 md:px-6">
        <MenuButton />
        <Link to="/home" className="shrink-0 text-lg font-black tracking-tight text-white sm:text-xl">
          Skin<span className="text-accent-orange">fair</span>
        </Link>
        <nav aria-label={t('nav.main')} className="ms-6 hidden gap-1 md:flex">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-panel-2 text-accent-orange' : 'text-slate-300 hover:text-white'}`
              }
            >
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <HeaderActions />
      </div>
    </header>
  );
}
