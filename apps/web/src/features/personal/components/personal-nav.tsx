import { NavLink } from 'react-router';
import { useSysConfig } from '../../../shared/api/common-queries';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';

const sections: { to: string; label: MessageId }[] = [
  { to: '/personal', label: 'title.personal' },
  { to: '/personal/bag', label: 'title.personalBag' },
  { to: '/personal/virtual', label: 'title.personalVirtual' },
  { to: '/personal/flow', label: 'title.personalFlow' },
  { to: '/personal/vip', label: 'title.personalVip' },
  { to: '/personal/promo', label: 'title.personalPromo' },
  { to: '/personal/transfer', label: 'title.personalTransfer' },
  { to: '/personal/activity', label: 'title.personalActivity' },
  { to: '/personal/protection', label: 'title.personalProtection' },
];

/**
 * The personal-centre section tabs (spec §2 /personal/*). Spec §3: the balance exchange (transfer) is
 * offered only when sysConfig.switchBalanceType is false.
 */
export function PersonalNav() {
  const t = useT();
  const switchBalanceType = useSysConfig().data?.switchBalanceType ?? false;
  return (
    <nav aria-label={t('nav.personal')} className="flex gap-2 overflow-x-auto pb-1">
      {sections
        .filter((s) => !(switchBalanceType && s.to === '/personal/transfer'))
        .map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end
            className={({ isActive }) =>
              `whitespace-nowrap rounded-full px-4 py-1.5 text-sm ${isActive ? 'bg-accent-purple text-black' : 'bg-panel-2 text-slate-300 hover:text-white'}`
            }
          >
            {t(section.label)}
          </NavLink>
        ))}
    </nav>
  );
}
