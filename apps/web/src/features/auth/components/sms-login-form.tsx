import { useRef, type FormEvent } from 'react';
import { mobileSchema, smsCodeSchema } from '@skinfair/contract';
import { Button } from '../../../shared/forms/fields';
import { focusFirstInvalid, hasErrors } from '../../../shared/forms/validate';
import { useFormFields } from '../../../shared/forms/use-form-fields';
import { useT } from '../../../shared/i18n/use-t';
import { MobileField } from './mobile-field';
import { CodeField } from '../../../shared/verification/code-field';
import { useSmsLogin } from '../api/sms-login';
import { useAuthSuccess } from '../hooks/use-auth-success';

/** Login by SMS code (spec §1); the slider check comes before the code is sent (spec §5). */
export function SmsLoginForm() {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const { values, setErrors, bind, checkNow, validate } = useFormFields({ mobile: '', code: '' });
  const { mobile, code } = values;
  const smsLogin = useSmsLogin();
  const onSuccess = useAuthSuccess();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { mobile: validate(mobileSchema, mobile), code: validate(smsCodeSchema, code) };
    setErrors(next);
    if (hasErrors(next)) return focusFirstInvalid(form.current);
    smsLogin.mutate({ mobile: mobile.trim(), code }, { onSuccess });
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="sms-login-form">
      <MobileField {...bind('mobile')} />
      <CodeField
        label={t('auth.smsCode')}
        name="code"
        {...bind('code')}
        sender={{ kind: 'sms', type: 'smsLogin', phone: mobile, checkTarget: () => checkNow('mobile', mobileSchema) }}
      />
      <p className="text-xs text-slate-500">{t('auth.smsLoginHint')}</p>
      <Button type="submit" pending={smsLogin.isPending} testId="sms-login-submit">
        {t('auth.loginSubmit')}
      </Button>
    </form>
  );
}
