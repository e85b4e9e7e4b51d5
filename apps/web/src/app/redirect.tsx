import { Navigate, useLocation } from 'react-router';

/** A redirect that carries the query string along (spec §2: promotion parameters survive `/` → `/home`). */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
