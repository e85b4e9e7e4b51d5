import { mobileSchema, passwordSchema, smsCodeSchema } from '@skinfair/contract';
import { TextField } from '../../../shared/forms/fields';
import { useValidate } from '../../../shared/forms/use-validate';
import { catalogueText } from '../../../shared/forms/validate';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { CodeField } from '../../../shared/verification/code-field';
import type { GuestSmsPurpose } from '../../../shared/verification/api/send-sms-code';
import { MobileField } from './mobile-field';

/** What register and find-password both ask for: a number, the code sent to it and a new password. */
export interface MobileCodeValues {
  mobile: string;
  code: string;
  password: string;
}
export type MobileCodeField = keyof MobileCodeValues;

/** The three fields' checks, for the form's submit. */
export function useMobileCodeChecks() {
  const validate = useValidate();
  return (values: MobileCodeValues): Record<MobileCodeField, string | null> => ({
    mobile: validate(mobileSchema, values.mobile),
    code: validate(smsCodeSchema, values.code),
    password: validate(passwordSchema, values.password),
  });
}

/** The number, its SMS code (sent for `smsType` once `checkMobile` passes) and the new password. */
export function MobileCodeFields({
  smsType,
  passwordLabel,
  values,
  errors,
  onChange,
  checkMobile,
}: {
  smsType: GuestSmsPurpose;
  passwordLabel: MessageId;
  values: MobileCodeValues;
  errors: Partial<Record<MobileCodeField, string | null>>;
  onChange: (field: MobileCodeField) => (value: string) => void;
  checkMobile: () => boolean;
}) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  return (
    <>
      <MobileField value={values.mobile} onChange={onChange('mobile')} error={errors.mobile} />
      <CodeField
        label={t('auth.smsCode')}
        name="code"
        value={values.code}
        onChange={onChange('code')}
        error={errors.code}
        sender={{ kind: 'sms', type: smsType, phone: values.mobile, checkTarget: checkMobile }}
      />
      <TextField
        label={t(passwordLabel)}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={t('auth.newPasswordPlaceholder')}
        hint={catalogueText('PASSWORD_WEAK', locale)}
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
      />
    </>
  );
}
