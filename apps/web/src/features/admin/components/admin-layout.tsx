import { Navigate, NavLink, Outlet } from 'react-router';
import { roleHasPermission, type AdminRole } from '@skinfair/contract';
import { roleLabel, useAdminT } from '../i18n/messages';
import { useAccountT } from '../i18n/account-messages';
import { useAdminMe } from '../api/session';
import { SessionLoading, useLogOutToLogin } from './session-gate';
import { adminScreens, auditScreen } from '../screens';

/** The console's frame: its own sidebar with the 11 screens, the operator and a logout; no player header. */
export function AdminLayout() {
  const t = useAdminT();
  const at = useAccountT();
  const me = useAdminMe();
  const logOut = useLogOutToLogin();
  if (me.isPending) return <SessionLoading />;
  if (me.isError) return <Navigate to="/admin/login" replace />;
  // After an admin's reset the server answers nothing else until a new password is set (decision 0047).
  if (me.data.mustChangePassword) return <Navigate to="/admin/password" replace />;
  const operator = me.data;
  const may = (permission: Parameters<typeof roleHasPermission>[1]) => roleHasPermission(operator.role as AdminRole, permission);
  const link = ({ isActive }: { isActive: boolean }) =>
    `flex items-center justify-between gap-2 rounded px-3 py-2 text-sm ${isActive ? 'bg-panel-2 text-white' : 'text-slate-300 hover:bg-panel-2'}`;
  return (
    <div className="flex flex-1 bg-[#0f1117] text-slate-100">
      {/* Held in view below the sandbox strip (--sandbox-strip), so 退出登录 at its foot is always in sight. */}
      <aside className="sticky top-[var(--sandbox-strip,0px)] flex h-[calc(100vh-var(--sandbox-strip,0px))] w-56 shrink-0 flex-col gap-4 overflow-y-auto border-r border-line p-3">
        <p className="px-3 pt-2 text-base font-bold">{t('admin.title')}</p>
        <nav aria-label={t('admin.nav.label')} className="flex flex-col gap-1">
          {[...adminScreens, auditScreen]
            .filter((screen) => may(screen.permission))
            .map((screen) => (
              <NavLink key={screen.path} to={`/admin/${screen.path}`} className={link}>
                <span>{t(screen.label)}</span>
              </NavLink>
            ))}
        </nav>
        <div className="mt-auto flex flex-col gap-2 px-3 text-sm text-slate-400">
          <span>{t('admin.me', { name: operator.name, role: t(roleLabel(operator.role)) })}</span>
          <NavLink to="/admin/account" className={link}>
            {at('account.nav')}
          </NavLink>
          <button
            type="button"
            className="rounded border border-line px-3 py-1.5 text-left text-slate-200 hover:bg-panel-2"
            onClick={logOut}
          >
            {t('admin.logout')}
          </button>
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-6">
        <Outlet />
      </main>
    </div>
  );
}
