import { Navigate, useNavigate } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import { useAdminT } from '../i18n/messages';
import { useAccountT } from '../i18n/account-messages';
import { useAdminMe } from '../api/session';
import { SessionLoading, useLogOutToLogin } from '../components/session-gate';
import { ChangePasswordForm } from '../components/change-password-form';
import { useConsoleTitle } from '../components/console-page';

/**
 * After an admin's reset (or an initial password someone else chose) and two-factor: the operator sets
 * their own password before anything else; the server refuses every other call until then (decision 0047).
 */
export default function ForcedPasswordPage() {
  const t = useAccountT();
  useConsoleTitle(t('account.forced.title'));
  const at = useAdminT();
  const me = useAdminMe();
  const logOut = useLogOutToLogin();
  const navigate = useNavigate();
  if (me.isPending) return <SessionLoading />;
  if (me.isError) return <Navigate to="/admin/login" replace />;
  if (!me.data.mustChangePassword) return <Navigate to="/admin" replace />;
  return (
    <main className="flex flex-1 items-center justify-center bg-[#0f1117] p-4 text-slate-100">
      <section className="flex w-full max-w-sm flex-col gap-4 rounded-lg border border-line bg-panel p-6">
        <h1 className="text-xl font-bold">{t('account.forced.title')}</h1>
        <p className="text-sm text-slate-300">{t('account.forced.hint')}</p>
        <ChangePasswordForm
          currentLabel="account.forced.current"
          onDone={(n) => {
            toast.success(t('account.password.done', { n }));
            void navigate('/admin', { replace: true });
          }}
        />
        <button type="button" className="self-start text-sm text-slate-400 underline" onClick={logOut}>
          {at('admin.logout')}
        </button>
      </section>
    </main>
  );
}
