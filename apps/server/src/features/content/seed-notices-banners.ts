import type { Lang } from '@skinfair/contract';

/** Raise `version` when a text changes: older seeded rows are upgraded, and browsers show the notice again. */
export const seedNotices = [
  {
    key: 'welcome',
    // 2: plain text (a notice is not Markdown: decision 0029). The real-name condition of the first-deposit
    // bonus (decision 0050) was added to the text without a new version. 3: the rate is the
    // {firstDepositPercent} token (issue 27 §5), so a site still showing the literal "20%" is upgraded and
    // shows the configured rate, once more to every browser; the e2e support marks 'welcome@3' as seen.
    version: 3,
    url: '/docs/help/about',
    text: {
      zh: {
        title: '欢迎来到 Skinfair',
        body: '完成实名认证的玩家首次充值额外赠送 {firstDepositPercent}%（先充值也可，认证后到账）。本站仅向年满 18 周岁的玩家开放，每一次开箱都可以在浏览器里验证。请理性娱乐，量力而行。',
      },
      en: {
        title: 'Welcome to Skinfair',
        body: 'Your first deposit gets {firstDepositPercent}% extra once you complete the real-name check (deposit first if you like: it is paid when you verify). The site is for players aged 18 and over, and every case opening can be verified in your browser. Please play responsibly.',
      },
    } satisfies Record<Lang, { title: string; body: string }>,
  },
];

/**
 * The home carousel's first banners. Images are case pictures from the catalogue (served through the image
 * host); the client draws the title over a gradient, so a missing image still reads well.
 */
export const seedBanners = [
  {
    key: 'first-deposit',
    sortOrder: 10,
    // 2: the rate is the {firstDepositPercent} token (issue 27 §5); version 1's literal "20%" is upgraded.
    version: 2,
    url: '/promotions',
    image: '/images/9c51ef1255b3b8b13c056b9df7a1b81afb6888d675af00d7a871a523a37eef9f.webp',
    text: {
      zh: { title: '首次充值加赠 {firstDepositPercent}%', alt: '首次充值加赠 {firstDepositPercent}% 金币，查看充值优惠' },
      en: {
        title: '+{firstDepositPercent}% on your first deposit',
        alt: '{firstDepositPercent}% extra coins on your first deposit: see the promotions',
      },
    },
  },
  {
    key: 'provably-fair',
    sortOrder: 20,
    version: 1,
    url: '/provably-fair/verify',
    image: '/images/bfd6409921f86aebcffbec5a01b22a79ddee4504c0531480cd712947b28662ac.webp',
    text: {
      zh: { title: '每一次开箱都可验证', alt: '每一次开箱都可以在浏览器里验证，打开验证工具' },
      en: { title: 'Verify every opening', alt: 'Every case opening can be verified in your browser: open the verify tool' },
    },
  },
  {
    key: 'giveaways',
    sortOrder: 30,
    version: 1,
    url: '/giveaways',
    image: '/images/601d13e50bcecab2660dbed67f7741dcc2de9a931ec62ca4625143ca61384322.webp',
    text: {
      zh: { title: '官方福利房免费参与', alt: '官方福利房免费参与，按时开奖，查看福利房' },
      en: { title: 'Free official giveaways', alt: 'Join official giveaway rooms for free: see the giveaways' },
    },
  },
] satisfies {
  key: string;
  sortOrder: number;
  version: number;
  url: string;
  image: string | null;
  text: Record<Lang, { title: string; alt: string }>;
}[];
