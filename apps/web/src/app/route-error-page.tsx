import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from '../shared/ui/error-fallback';

/** Last resort when the root layout itself fails; page failures are caught lower, inside the layout. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error('[route] failed', error), [error]);
  return (
    <main className="min-h-screen bg-surface text-slate-100">
      <ErrorFallback error={error} />
    </main>
  );
}
