import type { FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { mobileSchema, smsCodeSchema } from '@skinfair/contract';
import { Button, TextField } from '../../../shared/forms/fields';
import { hasErrors } from '../../../shared/forms/validate';
import { useFormFields } from '../../../shared/forms/use-form-fields';
import { useT } from '../../../shared/i18n/use-t';
import { CodeField } from '../../../shared/verification/code-field';
import { useChangePhone } from '../api/change-phone';

/** Change phone: a code to the old number (changePhone), then the new number with its own code (bindPhone). */
export function PhoneForm({ done }: { done: () => void }) {
  const t = useT();
  const { values, setErrors, bind, checkNow, validate } = useFormFields({ oldCode: '', mobile: '', newCode: '' });
  const change = useChangePhone();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      oldCode: validate(smsCodeSchema, values.oldCode),
      mobile: validate(mobileSchema, values.mobile),
      newCode: validate(smsCodeSchema, values.newCode),
    };
    setErrors(next);
    if (hasErrors(next)) return;
    change.mutate(
      { oldCode: values.oldCode, mobile: values.mobile.trim(), newCode: values.newCode },
      {
        onSuccess: () => {
          toast.success(t('account.saved'));
          done();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3">
      <CodeField label={t('account.oldPhoneCode')} {...bind('oldCode')} sender={{ kind: 'userSms', type: 'changePhone' }} />
      <TextField
        label={t('account.newPhone')}
        type="tel"
        inputMode="numeric"
        {...bind('mobile')}
        placeholder={t('auth.mobilePlaceholder')}
      />
      <CodeField
        label={t('account.newPhoneCode')}
        {...bind('newCode')}
        sender={{ kind: 'sms', type: 'bindPhone', phone: values.mobile, checkTarget: () => checkNow('mobile', mobileSchema) }}
      />
      <Button type="submit" pending={change.isPending} className="self-start">
        {t('account.save')}
      </Button>
    </form>
  );
}
