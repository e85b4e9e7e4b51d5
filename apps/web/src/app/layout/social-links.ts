import type { MessageId } from '../../shared/i18n/zh-CN';

/**
 * Footer social section (spec §2). The operator's own accounts are not known yet, so these point at
 * each platform's front page; replace the URLs when the accounts exist (docs/decisions).
 */
export const socialLinks: { label: MessageId; href: string }[] = [
  { label: 'social.bilibili', href: 'https://www.bilibili.com/' },
  { label: 'social.weibo', href: 'https://weibo.com/' },
  { label: 'social.discord', href: 'https://discord.com/' },
  { label: 'social.steam', href: 'https://steamcommunity.com/' },
];
