import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { emailSchema, smsCodeSchema } from '@skinfair/contract';
import { Button, TextField } from '../../../shared/forms/fields';
import { hasErrors } from '../../../shared/forms/validate';
import { useFormFields } from '../../../shared/forms/use-form-fields';
import { useT } from '../../../shared/i18n/use-t';
import { CodeField } from '../../../shared/verification/code-field';
import { useBindMail } from '../api/bind-mail';
import { useChangeMail } from '../api/change-mail';
import { SecurityCheck } from './security-check';

/**
 * Spec §5: email is entered when editing. Binding or changing it needs the new address's code and, first,
 * a security check by the bound phone (issue 9 §5); an account without a phone binds on the mail code.
 */
export function EmailForm({ bound, hasPhone, done }: { bound: boolean; hasPhone: boolean; done: () => void }) {
  const t = useT();
  const [securityToken, setSecurityToken] = useState<string | null>(null);
  const { values, setErrors, bind, checkNow, validate } = useFormFields({ email: '', code: '' });
  const { email, code } = values;
  const bindMail = useBindMail();
  const change = useChangeMail();

  if ((bound || hasPhone) && !securityToken) return <SecurityCheck phoneOnly={hasPhone} onPassed={setSecurityToken} />;

  const onSuccess = () => {
    toast.success(t('account.saved'));
    done();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { email: validate(emailSchema, email), code: validate(smsCodeSchema, code) };
    setErrors(next);
    if (hasErrors(next)) return;
    const params = { email: email.trim().toLowerCase(), code };
    if (bound && securityToken) change.mutate({ ...params, securityToken }, { onSuccess });
    else bindMail.mutate(securityToken ? { ...params, securityToken } : params, { onSuccess });
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3">
      <TextField label={t('account.newEmail')} type="email" autoComplete="email" {...bind('email')} />
      <CodeField
        label={t('account.mailCode')}
        {...bind('code')}
        sender={{ kind: 'mail', type: 'bindMail', email, checkTarget: () => checkNow('email', emailSchema) }}
      />
      <Button type="submit" pending={bindMail.isPending || change.isPending} className="self-start">
        {t('account.save')}
      </Button>
    </form>
  );
}
