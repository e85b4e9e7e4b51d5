import { Spinner } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { useLogout } from '../api/logout';

/** 退出登录: used in the settings and in the header's user menu. */
export function LogoutButton({ className = '', role }: { className?: string; role?: 'menuitem' }) {
  const t = useT();
  const logout = useLogout();
  return (
    <button
      type="button"
      role={role}
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
      data-testid="logout"
      className={`inline-flex items-center gap-2 disabled:opacity-60 ${className}`}
    >
      {logout.isPending ? <Spinner /> : null}
      {t('account.logout')}
    </button>
  );
}
