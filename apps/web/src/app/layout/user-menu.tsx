import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatFen } from '@skinfair/contract';
import { LogoutButton } from '../../features/account';
import { MessageBell } from '../../features/messages';
import { useUserInfo } from '../../shared/api/user-queries';
import { useEquippedLook } from '../../shared/api/virtual-goods';
import { useT } from '../../shared/i18n/use-t';
import { Avatar } from '../../shared/ui/avatar';

const menuItem = 'block w-full rounded-md px-3 py-2 text-start text-sm text-slate-200 hover:bg-panel-2 hover:text-white';

/**
 * The logged-in side of the header: the message bell, balance (coins) and points, and the avatar with
 * a small menu (personal centre, log out). Spec §6: user info is fetched only when logged in.
 */
export function UserMenu() {
  const t = useT();
  const user = useUserInfo().data;
  const look = useEquippedLook();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="flex items-center gap-2">
      <MessageBell />
      {user ? (
        // Shown at every width (issue 9 item 22): on a phone only the coins, the points from sm up.
        <Link to="/personal" className="flex min-w-0 flex-col items-end text-xs leading-tight" data-testid="header-balance">
          {/* Named by its visible figures, with what they are read first (no aria-label hiding them). */}
          <span className="sr-only">{t('header.balances')}</span>
          <span className="flex items-center gap-1 font-semibold whitespace-nowrap text-accent-orange">
            <span aria-hidden="true" className="inline-block size-3 rounded-full bg-accent-orange/80 ring-2 ring-accent-orange/30" />
            {formatFen(user.balance)}
          </span>
          <span className="hidden whitespace-nowrap text-accent-cyan sm:inline">
            {t('header.points', { points: formatFen(user.integral) })}
          </span>
        </Link>
      ) : null}
      <div ref={box} className="relative">
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-haspopup="menu"
          data-testid="user-menu"
          className="flex shrink-0 items-center gap-2 rounded-lg bg-panel-2 p-1 text-sm text-white hover:brightness-125 sm:pe-3"
        >
          <Avatar src={user?.avatar ?? null} name={user?.nickname ?? '?'} className="size-7 text-xs" frameColor={look.frameColor} />
          <span
            className="hidden max-w-28 truncate sm:inline"
            data-testid="header-nickname"
            style={look.nameColor ? { color: look.nameColor } : undefined}
          >
            {user?.nickname ?? t('nav.personal')}
          </span>
          {/* The button's name on a phone, where the nickname is not shown (the avatar is decorative). */}
          <span className="sr-only sm:hidden">{user?.nickname ?? t('nav.personal')}</span>
        </button>
        {open ? (
          <div className="absolute end-0 top-full z-50 mt-2 w-48 rounded-lg border border-line bg-panel p-1 shadow-xl">
            {user ? (
              <dl
                className="mb-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 border-b border-line px-3 py-2 text-xs"
                data-testid="menu-balance"
              >
                <dt className="text-slate-400">{t('account.balance')}</dt>
                <dd className="text-end font-semibold text-accent-orange">{formatFen(user.balance)}</dd>
                <dt className="text-slate-400">{t('account.integral')}</dt>
                <dd className="text-end text-accent-cyan">{formatFen(user.integral)}</dd>
              </dl>
            ) : null}
            {/* The balances are read before the menu: a menu may hold only menu items. */}
            <div role="menu" aria-label={user?.nickname ?? t('nav.personal')}>
              <Link role="menuitem" to="/personal" className={menuItem}>
                {t('nav.personal')}
              </Link>
              <Link role="menuitem" to="/personal/bag" className={menuItem}>
                {t('title.personalBag')}
              </Link>
              <Link role="menuitem" to="/personal/virtual" className={menuItem}>
                {t('title.personalVirtual')}
              </Link>
              <LogoutButton className={menuItem} role="menuitem" />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
