/** Operator settings seeded on first start; the operator changes them in site_settings. */
export const defaultSiteSettings = {
  switchBalanceType: false,
  showPublicText: true,
  /** `{firstDepositPercent}` shows the first-deposit percent in force (sysConfig fills it in, issue 27 §5). */
  publicText:
    '欢迎来到 Skinfair！完成实名认证的玩家首次充值额外赠送 {firstDepositPercent}%（先充值也可，认证后到账）。本站仅向年满 18 周岁的玩家开放，请理性娱乐。',
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
  /**
   * Withdrawal guard (issue 24, decision 0045), edited in the console: hours withdrawals wait after a trade
   * link, password or phone change or a new-device login (0: no hold); a withdrawal request worth more than
   * this many fen, or one that takes the player past this many items in a Beijing day, waits for an operator's
   * review (0: that rule is off).
   */
  withdrawalHoldHours: 24,
  withdrawalReviewAboveFen: 200_000,
  withdrawalReviewDailyCount: 20,
} as const;

export type SiteSettings = {
  -readonly [K in keyof typeof defaultSiteSettings]: (typeof defaultSiteSettings)[K] extends boolean
    ? boolean
    : (typeof defaultSiteSettings)[K] extends number
      ? number
      : string;
};

/** The notice seeded before issue 27, with the rate written out: a site still holding it gets the token instead. */
export const LEGACY_PUBLIC_TEXT =
  '欢迎来到 Skinfair！完成实名认证的玩家首次充值额外赠送 20%（先充值也可，认证后到账）。本站仅向年满 18 周岁的玩家开放，请理性娱乐。';
