import { useNavigate } from 'react-router';
import { useAdminLogout } from '../api/session';
import { useAdminT } from '../i18n/messages';

/** While the console asks who is logged in: the whole page is this one line. */
export function SessionLoading() {
  const t = useAdminT();
  return (
    <p role="status" className="p-8 text-slate-400">
      {t('admin.loading')}
    </p>
  );
}

/** Logging out ends at the login page, also when the call fails (the token is dropped either way). */
export function useLogOutToLogin() {
  const logout = useAdminLogout();
  const navigate = useNavigate();
  return () => logout.mutate(undefined, { onSettled: () => void navigate('/admin/login', { replace: true }) });
}
