/** Operator settings seeded on first start; the operator changes them in site_settings. */
export const defaultSiteSettings = {
  switchBalanceType: false,
  showPublicText: true,
  publicText: '欢迎来到 Skinfair！首次充值额外赠送 20%。本站仅向年满 18 周岁的玩家开放，请理性娱乐。',
  firstDepositBonusPercent: 20,
  customerServiceUrl: '/docs/support',
  siteName: 'Skinfair',
  currencySymbol: '¥',
  /**
   * The recovery price rule (issue 16 screen 4): an item's recovery price is this share of its reference
   * price, in basis points, whenever the console sets a price. 10000 is what the seed uses (recovery = reference).
   */
  recoveryRateBp: 10_000,
  /** Pre-filled at sign-up when the visitor brought no code (getDefaultInvitationCode). */
  defaultInvitationCode: '',
} as const;

export type SiteSettings = {
  -readonly [K in keyof typeof defaultSiteSettings]: (typeof defaultSiteSettings)[K] extends boolean
    ? boolean
    : (typeof defaultSiteSettings)[K] extends number
      ? number
      : string;
};
