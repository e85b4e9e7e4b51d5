import { TextField } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';

/** The mainland mobile number input every login-type panel starts with. */
export function MobileField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  /** The login form lets password managers treat the number as the user name. */
  autoComplete?: 'tel' | 'username';
}) {
  const t = useT();
  return (
    <TextField
      label={t('auth.mobile')}
      name="mobile"
      type="tel"
      inputMode="numeric"
      autoComplete={props.autoComplete ?? 'tel'}
      placeholder={t('auth.mobilePlaceholder')}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}
