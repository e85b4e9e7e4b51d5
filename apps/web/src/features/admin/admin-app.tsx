import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { lazyPage } from '../../shared/chunk/lazy-chunk';
import { PageFallback } from '../../shared/ui/page-fallback';
import { SandboxBadge } from '../../shared/ui/sandbox-badge';
import { AdminLanding } from './components/admin-landing';
import { AdminLayout } from './components/admin-layout';
import { MarkdownPreviewContext, type RenderMarkdown } from './components/content/markdown-preview';

const LoginPage = lazyPage('admin-login', () => import('./pages/login-page'));
const ForcedPasswordPage = lazyPage('admin-password', () => import('./pages/password-page'));
const AccountPage = lazyPage('admin-account', () => import('./pages/account-page'));
const OperatorsPage = lazyPage('admin-operators', () => import('./pages/operators-page'));
const AuditPage = lazyPage('admin-audit', () => import('./pages/audit-page'));
const BoxesPage = lazyPage('admin-boxes', () => import('./pages/boxes-page'));
const BoxEditorPage = lazyPage('admin-box-editor', () => import('./pages/box-editor-page'));
const PlayersPage = lazyPage('admin-players', () => import('./pages/players-page'));
const WithdrawalsPage = lazyPage('admin-withdrawals', () => import('./pages/withdrawals-page'));
const DepositsPage = lazyPage('admin-deposits', () => import('./pages/deposits-page'));
const GamesPage = lazyPage('admin-games', () => import('./pages/games-page'));
const ItemsPage = lazyPage('admin-items', () => import('./pages/items-page'));
const DashboardPage = lazyPage('admin-dashboard', () => import('./pages/dashboard-page'));
const ReturnsPage = lazyPage('admin-returns', () => import('./pages/returns-page'));
const PromotionsPage = lazyPage('admin-promotions', () => import('./pages/promotions-page'));
const ContentPage = lazyPage('admin-content', () => import('./pages/content-page'));
const LimitsPage = lazyPage('admin-limits', () => import('./pages/limits-page'));

/**
 * /admin/*: the operator console (issue 16), its own route tree in its own chunks. The app's route table
 * reaches it only through a lazy import, so a player's pages never load any of this code.
 */
export default function AdminApp({ markdown }: { markdown?: RenderMarkdown }) {
  const tree = (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="password" element={<ForcedPasswordPage />} />
        <Route element={<AdminLayout />}>
          <Route index element={<AdminLanding />} />
          <Route path="operators" element={<OperatorsPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="boxes" element={<BoxesPage />} />
          <Route path="boxes/:boxId" element={<BoxEditorPage />} />
          <Route path="players" element={<PlayersPage />} />
          <Route path="withdrawals" element={<WithdrawalsPage />} />
          <Route path="deposits" element={<DepositsPage />} />
          <Route path="games" element={<GamesPage />} />
          <Route path="items" element={<ItemsPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="returns" element={<ReturnsPage />} />
          <Route path="promotions" element={<PromotionsPage />} />
          <Route path="content" element={<ContentPage />} />
          <Route path="limits" element={<LimitsPage />} />
          <Route path="*" element={<AdminLanding />} />
        </Route>
      </Routes>
    </Suspense>
  );
  // A column: the sandbox strip, then the screen filling the rest (each screen's root is flex-1). An operator
  // must not mistake a sandbox's fake deposits and withdrawals for real ones (issue 9 §1); the strip sits
  // above the frame, never over its controls (issue 30 §6).
  const framed = (
    <div className="flex min-h-screen flex-col bg-[#0f1117]">
      <SandboxBadge pinned />
      {tree}
    </div>
  );
  // The app composes the players' Markdown renderer in for the Content screen's preview.
  return markdown ? <MarkdownPreviewContext.Provider value={markdown}>{framed}</MarkdownPreviewContext.Provider> : framed;
}
