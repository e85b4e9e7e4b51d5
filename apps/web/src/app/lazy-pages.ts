import { lazyPage } from '../shared/chunk/lazy-chunk';

/** Every page is its own chunk, loaded on first visit (spec §2); names appear in chunk errors (spec §8). */
export const pages = {
  Home: lazyPage('home', () => import('../features/home/pages/home-page')),
  LiveFeed: lazyPage('live-feed', () => import('../features/live-feed/components/live-feed-panel')),
  BoxThemesPreview: lazyPage('box-themes', () => import('../features/box/components/box-themes-preview')),
  ShopPreview: lazyPage('shop-preview', () => import('../features/shop/components/shop-preview')),
  BattlePreview: lazyPage('battle-preview', () => import('../features/battle/components/battle-preview')),
  DreamPreview: lazyPage('dream-preview', () => import('../features/dream/components/dream-preview')),
  Backpack: lazyPage('backpack', () => import('../features/backpack/components/backpack-panel')),
  Skin: lazyPage('skin', () => import('../features/skin/pages/skin-page')),
  BoxList: lazyPage('box-list', () => import('../features/box/pages/box-list-page')),
  BoxDetail: lazyPage('box-detail', () => import('../features/box/pages/box-detail-page')),
  GiveawayList: lazyPage('giveaway-list', () => import('../features/giveaways/pages/giveaway-list-page')),
  GiveawayRoom: lazyPage('giveaway-room', () => import('../features/giveaways/pages/giveaway-room-page')),
  GiveawayCreate: lazyPage('giveaway-create', () => import('../features/giveaways/pages/giveaway-create-page')),
  GiveawayVerify: lazyPage('giveaway-verify', () => import('../features/giveaways/pages/giveaway-verify-page')),
  BattleList: lazyPage('battle-list', () => import('../features/battle/pages/battle-list-page')),
  BattleCreate: lazyPage('battle-create', () => import('../features/battle/pages/battle-create-page')),
  BattleRoom: lazyPage('battle-room', () => import('../features/battle/pages/battle-room-page')),
  BattleVerify: lazyPage('battle-verify', () => import('../features/battle/pages/battle-verify-page')),
  Shop: lazyPage('shop', () => import('../features/shop/pages/shop-page')),
  Personal: lazyPage('personal', () => import('../features/personal/pages/personal-page')),
  AccountOverview: lazyPage('account-overview', () => import('../features/account/components/account-overview')),
  AccountSettings: lazyPage('account-settings', () => import('../features/account/components/account-settings')),
  PersonalFlow: lazyPage('personal-flow', () => import('../features/personal/pages/flow-page')),
  RewardsPanel: lazyPage('rewards-panel', () => import('../features/rewards/components/rewards-panel')),
  PaymentOrderStatus: lazyPage('payment-order', () => import('../features/recharge/components/payment-order-status')),
  OpenRecords: lazyPage<object>('open-records', () =>
    import('../features/backpack/components/records').then((m) => ({ default: m.OpenRecords })),
  ),
  PurchaseRecords: lazyPage<object>('purchase-records', () =>
    import('../features/backpack/components/records').then((m) => ({ default: m.PurchaseRecords })),
  ),
  RetrievalRecords: lazyPage<object>('retrieval-records', () =>
    import('../features/backpack/components/records').then((m) => ({ default: m.RetrievalRecords })),
  ),
  PersonalVip: lazyPage('personal-vip', () => import('../features/personal/pages/vip-page')),
  PersonalBag: lazyPage('personal-bag', () => import('../features/personal/pages/bag-page')),
  PersonalVirtual: lazyPage('personal-virtual', () => import('../features/personal/pages/virtual-page')),
  VirtualGoods: lazyPage('virtual-goods', () => import('../features/virtual-goods/components/virtual-goods-panel')),
  PersonalPromo: lazyPage('personal-promo', () => import('../features/personal/pages/promo-page')),
  PersonalTransfer: lazyPage('personal-transfer', () => import('../features/personal/pages/transfer-page')),
  /** Issue 18: My activity (its charts load in a chunk of their own) and the safer play page. */
  PersonalActivity: lazyPage('personal-activity', () => import('../features/activity/pages/activity-page')),
  PersonalProtection: lazyPage('personal-protection', () => import('../features/protection/pages/protection-page')),
  PersonalNav: lazyPage<object>('personal-nav', () =>
    import('../features/personal/components/personal-nav').then((m) => ({ default: m.PersonalNav })),
  ),
  SaferPlay: lazyPage('safer-play', () => import('../features/safer-play/pages/safer-play-page')),
  DocumentView: lazyPage<{ docKey: string; headingLevel?: 1 | 2 }>('docs-view', () =>
    import('../features/docs/components/document-view').then((m) => ({ default: m.DocumentView })),
  ),
  /** Issue 18: the reality check, loaded only while a player is logged in (app/reality-check-host.tsx). */
  RealityCheck: lazyPage('reality-check', () => import('../features/activity/components/reality-check')),
  FairConfig: lazyPage('fair-config', () => import('../features/fairness/pages/fair-config-page')),
  /** Issue 18: public transparency, no login. */
  Transparency: lazyPage('transparency', () => import('../features/transparency/pages/transparency-page')),
  FairVerify: lazyPage('fair-verify', () => import('../features/fairness/pages/fair-verify-page')),
  DocsHelp: lazyPage('docs-help', () => import('../features/docs/pages/help-page')),
  DocsSupport: lazyPage('docs-support', () => import('../features/docs/pages/support-page')),
  Document: lazyPage('docs-document', () => import('../features/docs/pages/document-page')),
  NewsPreview: lazyPage('news-preview', () => import('../features/docs/components/news-preview')),
  /** The document renderer, for the console's preview (composed into Admin by routes.tsx). */
  DocumentMarkdown: lazyPage('docs-markdown', () => import('../features/docs/components/markdown')),
  Dream: lazyPage('dream', () => import('../features/dream/pages/dream-page')),
  Event: lazyPage('event', () => import('../features/event/pages/event-page')),
  /** The operator console (issue 16): its own route tree, never loaded by a player's pages. */
  Admin: lazyPage('admin', () => import('../features/admin/admin-app')),
  Promotions: lazyPage('promotions', () => import('../features/promotions/pages/promotions-page')),
  SteamCallback: lazyPage('steam-callback', () => import('../features/auth/pages/steam-callback-page')),
};
