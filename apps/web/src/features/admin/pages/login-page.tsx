import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { AdminLoginResult } from '@skinfair/contract';
import { useAdminT } from '../i18n/messages';
import { useAdminLogin, useAdminMe, useAdminVerifyTotp } from '../api/session';
import { QrCode } from '../../../shared/ui/qr-code';
import { LabelledInput } from '../components/labelled';
import { useConsoleTitle } from '../components/console-page';

const input = 'w-full rounded border border-line bg-panel-2 px-3 py-2 text-white';
const button = 'rounded bg-accent-orange px-4 py-2 font-medium text-black disabled:opacity-50';

/** Step one: login name and password. Step two: the TOTP code, after scanning the QR code the first time. */
export default function AdminLoginPage() {
  const t = useAdminT();
  const me = useAdminMe();
  const navigate = useNavigate();
  const login = useAdminLogin();
  const verify = useAdminVerifyTotp();
  const [pending, setPending] = useState<AdminLoginResult | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const heading = pending?.enrolment ? t('admin.login.enrolTitle') : t('admin.login.title');
  useConsoleTitle(heading);

  // /admin opens the overview, or the first screen the role may see (issue 30 §9).
  if (me.isSuccess && !pending) return <Navigate to="/admin" replace />;

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ name, password }, { onSuccess: (result) => (setPending(result), setPassword('')) });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code, {
      // After an admin's reset: the new password comes first (the server allows nothing else).
      onSuccess: (me) => void navigate(me.mustChangePassword ? '/admin/password' : '/admin', { replace: true }),
      onError: () => setCode(''),
    });
  };
  const error = (pending ? verify.error : login.error)?.message;

  return (
    <main className="flex flex-1 items-center justify-center bg-[#0f1117] p-4 text-slate-100">
      <section className="flex w-full max-w-sm flex-col gap-4 rounded-lg border border-line bg-panel p-6">
        <h1 className="text-xl font-bold">{heading}</h1>
        {pending ? (
          <form onSubmit={submitCode} className="flex flex-col gap-3">
            {pending.enrolment ? (
              <>
                <p className="text-sm text-slate-300">{t('admin.login.enrolHint')}</p>
                <div className="self-center">
                  <QrCode text={pending.enrolment.uri} alt={t('admin.login.qrAlt')} />
                </div>
                <p className="text-xs text-slate-400">
                  {t('admin.login.manual')} <code className="break-all text-slate-200 select-all">{pending.enrolment.secret}</code>
                </p>
              </>
            ) : (
              <p className="text-sm text-slate-300">{t('admin.login.totpHint')}</p>
            )}
            <LabelledInput
              label={t('admin.login.code')}
              className={input}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              // The second step replaces the password form the operator just sent, so focus would fall to
              // the page; it goes to the one field left.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              value={code}
              onChange={(v) => setCode(v.replace(/\D/g, ''))}
            />
            <button type="submit" className={button} disabled={verify.isPending || code.length !== 6}>
              {t('admin.login.verify')}
            </button>
            <button type="button" className="text-sm text-slate-400 underline" onClick={() => setPending(null)}>
              {t('admin.login.back')}
            </button>
          </form>
        ) : (
          <form onSubmit={submitPassword} className="flex flex-col gap-3">
            <LabelledInput
              label={t('admin.login.name')}
              className={input}
              autoComplete="username"
              required
              value={name}
              onChange={setName}
            />
            <LabelledInput
              label={t('admin.login.password')}
              className={input}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
            />
            <button type="submit" className={button} disabled={login.isPending}>
              {t('admin.login.submit')}
            </button>
          </form>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        ) : null}
      </section>
    </main>
  );
}
