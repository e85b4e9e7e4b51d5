import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { passwordSchema } from '@skinfair/contract';
import { Button, TextField } from '../../../shared/forms/fields';
import { catalogueText, hasErrors } from '../../../shared/forms/validate';
import { useFormFields } from '../../../shared/forms/use-form-fields';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useT } from '../../../shared/i18n/use-t';
import { useChangePassword } from '../api/change-password';
import { useModifySecret } from '../api/modify-secret';
import { SecurityCheck } from './security-check';

/**
 * With a password: old + new + confirm (changePassword). Without one (an account made through Steam) or
 * when the old one is forgotten: a security check, then modifySecret.
 */
export function PasswordForm({ hasPassword, done }: { hasPassword: boolean; done: () => void }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const [viaCheck, setViaCheck] = useState(!hasPassword);
  const [securityToken, setSecurityToken] = useState<string | null>(null);
  const { values, setErrors, bind, validate } = useFormFields({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const change = useChangePassword();
  const secret = useModifySecret();

  if (viaCheck && !securityToken) return <SecurityCheck onPassed={setSecurityToken} />;

  const onSuccess = () => {
    toast.success(t('account.passwordSaved'));
    done();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      oldPassword: !viaCheck && !values.oldPassword ? t('form.passwordRequired') : null,
      newPassword: validate(passwordSchema, values.newPassword),
      confirmPassword: values.confirmPassword === values.newPassword ? null : catalogueText('PASSWORD_MISMATCH', locale),
    };
    setErrors(next);
    if (hasErrors(next)) return;
    if (securityToken) secret.mutate({ securityToken, password: values.newPassword }, { onSuccess });
    else change.mutate(values, { onSuccess });
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3">
      {!viaCheck ? (
        <TextField label={t('account.oldPassword')} type="password" autoComplete="current-password" {...bind('oldPassword')} />
      ) : null}
      <TextField
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        {...bind('newPassword')}
        hint={catalogueText('PASSWORD_WEAK', locale)}
      />
      <TextField label={t('auth.confirmPassword')} type="password" autoComplete="new-password" {...bind('confirmPassword')} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={change.isPending || secret.isPending}>
          {t('account.save')}
        </Button>
        {!viaCheck ? (
          <button type="button" onClick={() => setViaCheck(true)} className="text-xs text-accent-cyan hover:underline">
            {t('account.forgotOld')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
