import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from '../shared/ui/error-fallback';
import { reportClientError } from '../shared/errors/report-errors';

/** Last resort when the root layout itself fails; page failures are caught lower, inside the layout. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[route] failed', error);
    reportClientError('route', error);
  }, [error]);
  return (
    <main className="min-h-screen bg-surface text-slate-100">
      <ErrorFallback error={error} />
    </main>
  );
}
