import { useRef, useState, type FormEvent } from 'react';
import { mobileSchema } from '@skinfair/contract';
import { Button, TextField } from '../../../shared/forms/fields';
import { focusFirstInvalid, hasErrors } from '../../../shared/forms/validate';
import { useValidate } from '../../../shared/forms/use-validate';
import { useT } from '../../../shared/i18n/use-t';
import { MobileField } from './mobile-field';
import { useLogin } from '../api/login';
import { useAuthSuccess } from '../hooks/use-auth-success';

/** Mobile number and password (spec §1). */
export function LoginForm() {
  const t = useT();
  const validate = useValidate();
  const form = useRef<HTMLFormElement>(null);
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string | null; password?: string | null }>({});
  const login = useLogin();
  const onSuccess = useAuthSuccess();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      mobile: validate(mobileSchema, mobile),
      password: password ? null : t('form.passwordRequired'),
    };
    setErrors(next);
    if (hasErrors(next)) return focusFirstInvalid(form.current);
    login.mutate({ mobile: mobile.trim(), password }, { onSuccess });
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="login-form">
      <MobileField value={mobile} onChange={setMobile} error={errors.mobile} autoComplete="username" />
      <TextField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <Button type="submit" pending={login.isPending} testId="login-submit">
        {t('auth.loginSubmit')}
      </Button>
    </form>
  );
}
