import { useRef, type FormEvent } from 'react';
import { mobileSchema } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { Button, TextField } from '../../../shared/forms/fields';
import { catalogueText, focusFirstInvalid, hasErrors } from '../../../shared/forms/validate';
import { useFormFields } from '../../../shared/forms/use-form-fields';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useT } from '../../../shared/i18n/use-t';
import { MobileCodeFields, useMobileCodeChecks } from './mobile-code-fields';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { useFindPassword } from '../api/find-password';

/** Find password: prove the number with a code, choose a new password, then log in with it. */
export function FindPasswordForm() {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const checks = useMobileCodeChecks();
  const form = useRef<HTMLFormElement>(null);
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  const { values, errors, setErrors, set, bind, checkNow } = useFormFields({ mobile: '', code: '', password: '', confirm: '' });
  const findPassword = useFindPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...checks(values),
      confirm: values.confirm === values.password ? null : catalogueText('PASSWORD_MISMATCH', locale),
    };
    setErrors(next);
    if (hasErrors(next)) return focusFirstInvalid(form.current);
    findPassword.mutate(
      { mobile: values.mobile.trim(), code: values.code, password: values.password },
      {
        onSuccess: () => {
          toast.success(t('auth.passwordReset'));
          openOverlay('login');
        },
      },
    );
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="find-password-form">
      <MobileCodeFields
        smsType="findPassword"
        passwordLabel="auth.newPassword"
        values={values}
        errors={errors}
        onChange={set}
        checkMobile={() => checkNow('mobile', mobileSchema)}
      />
      <TextField label={t('auth.confirmPassword')} name="confirm" type="password" autoComplete="new-password" {...bind('confirm')} />
      <Button type="submit" pending={findPassword.isPending}>
        {t('auth.resetSubmit')}
      </Button>
    </form>
  );
}
