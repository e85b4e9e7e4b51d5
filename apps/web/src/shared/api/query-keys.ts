/** Query keys that several features (or app/ and a feature) share; feature-private keys stay in features. */
export const queryKeys = {
  sysConfig: ['common', 'sysConfig'] as const,
  languageList: ['common', 'languageList'] as const,
  homepageStat: ['stat', 'homepage'] as const,
  lastDrop: (isTop: boolean) => ['stat', 'lastDrop', { isTop }] as const,
  /** Cases (issue 4): the home tab and /box both list the themes. */
  boxThemes: (boxType: number) => ['box', 'themes', { boxType }] as const,
  caseDetail: (caseId: number) => ['box', 'detail', caseId] as const,
  recentCaseGift: (caseId: number) => ['box', 'recent', caseId] as const,
  /** Shop (issue 4): the home tab previews the first page that /shop lists. */
  shop: ['shop'] as const,
  shopPage: (params: Record<string, string | number | undefined>) => ['shop', 'page', params] as const,
  /** Fairness: a roll behind a share link (anyone may hold one). */
  sharedRoll: (shareId: string) => ['fair', 'roll', shareId] as const,
  /** Everything under ['user'] belongs to the logged-in account and is dropped at logout. */
  user: ['user'] as const,
  userInfo: ['user', 'info'] as const,
  balance: ['user', 'balance'] as const,
  /**
   * The backpack and its record centre. Opening a box, a swap, a purchase and a retrieval all change it,
   * from the box, shop and backpack features, so everything below ['user', 'backpack'] is invalidated.
   */
  backpack: ['user', 'backpack'] as const,
  backpackItems: (state: number, sort: number) => ['user', 'backpack', 'items', { state, sort }] as const,
  retrievals: (page: number) => ['user', 'backpack', 'retrievals', page] as const,
  openRecords: (page: number) => ['user', 'backpack', 'openRecords', page] as const,
  purchaseRecords: (page: number) => ['user', 'backpack', 'purchases', page] as const,
  freeBoxes: ['user', 'freeBoxes'] as const,
  /** The seed pair: every opening uses a nonce, so the box feature invalidates what /provably-fair shows. */
  seeds: ['user', 'seeds'] as const,
  currentSeed: ['user', 'seeds', 'current'] as const,
  seedHistory: (page: number) => ['user', 'seeds', 'history', page] as const,
  clientSeedHistory: (page: number) => ['user', 'seeds', 'clientSeeds', page] as const,
  /** A roll by its sequential id (its owner only) and the owner's game records; a rotation reveals seeds. */
  rollRecord: (verifyId: number) => ['user', 'seeds', 'roll', verifyId] as const,
  gameRecords: (page: number) => ['user', 'seeds', 'games', page] as const,
  /** Messages: the header bell (app/) and the message centre (features/messages) share these. */
  messages: ['user', 'message'] as const,
  unreadCount: ['user', 'message', 'unreadCount'] as const,
  messageList: (state: number) => ['user', 'message', 'list', { state }] as const,
  messageDetail: (id: number) => ['user', 'message', 'detail', id] as const,
  /**
   * Money in and out (issue 5): a deposit, a claimed reward, a redeemed Golden Code or a transfer changes
   * what the recharge overlay, the benefit overlay and the /personal pages show, so everything below
   * ['user', 'wallet'] is invalidated together.
   */
  wallet: ['user', 'wallet'] as const,
  rechargeConfig: ['user', 'wallet', 'rechargeConfig'] as const,
  paymentState: (orderId: string) => ['user', 'wallet', 'payment', orderId] as const,
  paymentRecords: (page: number) => ['user', 'wallet', 'payments', page] as const,
  balanceLog: (params: { page: number; balanceType: number; actionType: string }) => ['user', 'wallet', 'balanceLog', params] as const,
  gradeInfo: ['user', 'wallet', 'grade'] as const,
  dailyTopUp: ['user', 'wallet', 'dailyTopUp'] as const,
  goldenCodes: (page: number) => ['user', 'wallet', 'goldenCodes', page] as const,
  /** Red packets and coupons (/personal rewards panel): under ['user', 'wallet'], so a claim refreshes them. */
  vouchers: ['user', 'wallet', 'vouchers'] as const,
  voucherPage: (stat: number, page: number) => ['user', 'wallet', 'vouchers', 'all', { stat, page }] as const,
  redPackets: ['user', 'wallet', 'vouchers', 'redPackets'] as const,
  coupons: ['user', 'wallet', 'vouchers', 'coupons'] as const,
  promotionInfo: ['user', 'promotion'] as const,
  /** Owned virtual goods (frames, name colours): the header, profile and the goods page show the worn ones. */
  myVirtual: ['user', 'virtual'] as const,
  virtualCatalogue: ['virtual', 'catalogue'] as const,
};
