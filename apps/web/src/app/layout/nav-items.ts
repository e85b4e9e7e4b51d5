import type { MessageId } from '../../shared/i18n/zh-CN';

export interface NavItem {
  to: string;
  label: MessageId;
}

/** The header navigation (brief: 开箱, 对战, 福利屋, 追梦, 商城, 活动). */
export const mainNav: NavItem[] = [
  { to: '/box', label: 'nav.box' },
  { to: '/battle', label: 'nav.battle' },
  { to: '/giveaways', label: 'nav.giveaways' },
  { to: '/dream', label: 'nav.dream' },
  { to: '/shop', label: 'nav.shop' },
  { to: '/event', label: 'nav.event' },
];

/** The mobile left menu adds the pages the header has no room for. */
export const menuExtras: NavItem[] = [
  { to: '/home', label: 'nav.home' },
  { to: '/promotions', label: 'nav.promotions' },
  { to: '/personal', label: 'nav.personal' },
  { to: '/provably-fair', label: 'nav.fair' },
  { to: '/docs/help', label: 'footer.help' },
];
