import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSessionCache } from '../shared/api/use-session-cache';
import { useLiveConnection } from '../shared/live/use-live-connection';
import { useQueryStringKeeper } from '../shared/routing/use-query-string-keeper';
import { useReportPageLoaded } from '../shared/stores/page-loaded-store';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { PageFallback } from '../shared/ui/page-fallback';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { OverlaysHost } from './overlays/overlays-host';
import { RealityCheckHost } from './reality-check-host';

/** Spec §2: all routes sit under one root layout. Page failures stay below the header (spec §8). */
export function RootLayout() {
  const { pathname } = useLocation();
  useQueryStringKeeper();
  // The header's online count is the number of open live sockets: with the socket only on the home and
  // battle pages, a player on any other page was not counted and read "在线 0 人" (issue 30 §9). Every
  // page of the player site keeps it open; the home and battle pages still report themselves as well.
  useReportPageLoaded();
  useLiveConnection();
  useSessionCache();
  return (
    <div className="flex min-h-screen flex-col bg-surface text-slate-100">
      <SiteHeader />
      <main className="flex-1">
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
      <OverlaysHost />
      <RealityCheckHost />
      <ScrollRestoration />
    </div>
  );
}
