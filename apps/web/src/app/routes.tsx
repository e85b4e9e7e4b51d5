import type { RouteObject } from 'react-router';
import { pages } from './lazy-pages';
import { NotFoundPage } from './not-found-page';
import { RedirectKeepingQuery } from './redirect';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

const P = pages;

/** Spec §2 reverse mode reuses the battle pages. */
const battleRoutes = (mode: 'battle' | 'reverse'): RouteObject[] => [
  { path: mode, element: <P.BattleList mode={mode} /> },
  { path: `${mode}/create`, element: <P.BattleCreate mode={mode} /> },
  { path: `${mode}/create/:id`, element: <P.BattleCreate mode={mode} /> },
  { path: `${mode}/:id`, element: <P.BattleRoom mode={mode} /> },
  { path: `${mode}/:id/verify`, element: <P.BattleVerify mode={mode} /> },
];

/** Every route of spec §2 under one root layout. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <RedirectKeepingQuery to="/home" /> },
      {
        path: 'home',
        element: (
          <P.Home
            liveFeed={<P.LiveFeed />}
            panels={{
              box: <P.BoxThemesPreview />,
              battle: <P.BattlePreview />,
              dream: <P.DreamPreview />,
              news: <P.NewsPreview />,
              shop: <P.ShopPreview />,
              account: <P.AccountOverview />,
            }}
          />
        ),
      },
      { path: 'skin', element: <P.Skin /> },
      { path: 'box', element: <P.BoxList /> },
      { path: 'box/:id', element: <P.BoxDetail /> },
      { path: 'giveaways', element: <P.GiveawayList /> },
      { path: 'giveaways/create', element: <P.GiveawayCreate /> },
      { path: 'giveaways/:id', element: <P.GiveawayRoom /> },
      { path: 'giveaways/:id/verify', element: <P.GiveawayVerify /> },
      ...battleRoutes('battle'),
      ...battleRoutes('reverse'),
      { path: 'shop', element: <P.Shop /> },
      { path: 'personal', element: <P.Personal overview={<P.AccountSettings />} rewards={<P.RewardsPanel />} /> },
      {
        path: 'personal/flow',
        element: (
          <P.PersonalFlow
            orderStatus={<P.PaymentOrderStatus />}
            records={{ purchase: <P.PurchaseRecords />, open: <P.OpenRecords />, retrieval: <P.RetrievalRecords /> }}
          />
        ),
      },
      { path: 'personal/vip', element: <P.PersonalVip /> },
      { path: 'personal/bag', element: <P.PersonalBag body={<P.Backpack />} /> },
      { path: 'personal/virtual', element: <P.PersonalVirtual body={<P.VirtualGoods />} /> },
      { path: 'personal/promo', element: <P.PersonalPromo /> },
      { path: 'personal/transfer', element: <P.PersonalTransfer /> },
      { path: 'personal/activity', element: <P.PersonalActivity nav={<P.PersonalNav />} /> },
      { path: 'personal/protection', element: <P.PersonalProtection nav={<P.PersonalNav />} /> },
      { path: 'safer-play', element: <P.SaferPlay document={<P.DocumentView docKey="safer-play" headingLevel={2} />} /> },
      { path: 'provably-fair', element: <P.FairConfig /> },
      { path: 'transparency', element: <P.Transparency /> },
      { path: 'provably-fair/verify', element: <P.FairVerify /> },
      { path: 'provably-fair/verify/:id', element: <P.FairVerify /> },
      { path: 'docs', element: <RedirectKeepingQuery to="/docs/help" /> },
      { path: 'docs/help', element: <P.DocsHelp /> },
      { path: 'docs/help/:id', element: <P.Document section="help" /> },
      { path: 'docs/support', element: <P.DocsSupport /> },
      { path: 'docs/support/:id', element: <P.Document section="support" /> },
      { path: 'dream', element: <P.Dream /> },
      { path: 'event', element: <P.Event /> },
      { path: 'promotions', element: <P.Promotions /> },
      { path: 'login/steamCallback', element: <P.SteamCallback /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The operator console has its own layout (no player header) and its own routes (issue 16).
  {
    path: '/admin/*',
    element: <P.Admin markdown={(source) => <P.DocumentMarkdown source={source} />} />,
    errorElement: <RouteErrorPage />,
  },
];
