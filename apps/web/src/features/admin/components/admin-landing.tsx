import { Navigate } from 'react-router';
import { roleHasPermission, type AdminRole } from '@skinfair/contract';
import { useAdminMe } from '../api/session';
import { landingPath } from '../screens';

/**
 * /admin and unknown console paths: the overview, or the first screen the role may open. Rendered inside
 * the layout, which has already loaded the operator (and sent a logged-out one to the login page).
 */
export function AdminLanding() {
  const me = useAdminMe();
  if (!me.data) return null;
  const role = me.data.role as AdminRole;
  return <Navigate to={`/admin/${landingPath((permission) => roleHasPermission(role, permission))}`} replace />;
}
