import { Link } from 'react-router';
import { useUserInfo } from '../../../shared/api/user-queries';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { ProfileCard } from './profile-card';

const links: { to: string; label: MessageId }[] = [
  { to: '/personal', label: 'home.account.settings' },
  { to: '/personal/bag', label: 'title.personalBag' },
  { to: '/personal/flow', label: 'title.personalFlow' },
  { to: '/personal/vip', label: 'title.personalVip' },
  { to: '/personal/promo', label: 'title.personalPromo' },
  { to: '/personal/virtual', label: 'title.personalVirtual' },
  { to: '/provably-fair', label: 'nav.fair' },
  { to: '/docs/support', label: 'support.contact' },
];

/** The home page's 账户 tab for a logged-in player: the profile and balances, and the account pages. */
export default function AccountOverview() {
  const t = useT();
  const user = useUserInfo();
  if (user.isPending) return <PageFallback />;
  if (!user.data) return <EmptyState message={t('common.loadFailed')} />;
  return (
    <div className="flex flex-col gap-4" data-testid="home-account">
      <ProfileCard user={user.data} />
      <nav aria-label={t('home.tab.account')}>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block rounded-lg border border-line bg-panel px-4 py-3 text-sm text-slate-200 hover:border-accent-cyan hover:text-white"
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
