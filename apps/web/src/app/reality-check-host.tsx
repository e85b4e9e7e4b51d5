import { Suspense } from 'react';
import { useLogout } from '../features/account/api/logout';
import { useIsLoggedIn } from '../shared/storage/use-is-logged-in';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { pages } from './lazy-pages';

/**
 * The reality check (issue 18) runs while a player is logged in, on every page; its code is a chunk of
 * its own loaded after login, so a guest's first visit of /home never fetches it. 停止 logs the player out
 * (decision 0043): the play session is the login session, so stopping ends it.
 */
export function RealityCheckHost() {
  const loggedIn = useIsLoggedIn();
  const logout = useLogout();
  if (!loggedIn) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <pages.RealityCheck onStop={() => logout.mutate()} />
      </Suspense>
    </ErrorBoundary>
  );
}
