import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { mobileSchema, promotionCodeSchema } from '@skinfair/contract';
import { Button, CheckboxField, TextField } from '../../../shared/forms/fields';
import { catalogueText, focusFirstInvalid, hasErrors } from '../../../shared/forms/validate';
import { useFormFields } from '../../../shared/forms/use-form-fields';
import { useLocaleStore } from '../../../shared/i18n/locale-store';
import { useT } from '../../../shared/i18n/use-t';
import { MobileCodeFields, useMobileCodeChecks, type MobileCodeValues } from './mobile-code-fields';
import { getChannelCode } from '../../../shared/storage/channel-code';
import { useEntryParamsStore } from '../../../shared/stores/entry-params-store';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { useSignUp } from '../api/sign-up';
import { useAuthSuccess } from '../hooks/use-auth-success';

type RegisterValues = MobileCodeValues & { invitationCode: string };
type Field = keyof RegisterValues | 'adult' | 'agreement';

const channelPattern = /^[A-Za-z0-9_-]{1,32}$/;

/** A captured code is sent only when it is well formed, so a bad link never blocks a sign-up. */
const wellFormed = (code: string | null) => (code && promotionCodeSchema.safeParse(code).success ? code : undefined);

/**
 * Spec §5: registration needs the 18+ confirmation, the terms and privacy acceptance, a mobile number, a
 * password and optionally an invitation code (pre-filled with a captured promoteCode).
 */
export function RegisterForm() {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const form = useRef<HTMLFormElement>(null);
  const promoteCode = useEntryParamsStore((s) => s.promoteCode);
  const storeChannel = useEntryParamsStore((s) => s.channelCode);
  const closeOverlay = useOverlayStore((s) => s.closeOverlay);
  const { values, errors, setErrors, set, bind, checkNow, validate } = useFormFields<RegisterValues, Field>({
    mobile: '',
    code: '',
    password: '',
    invitationCode: promoteCode ?? '',
  });
  const [adult, setAdult] = useState(false);
  const [agreement, setAgreement] = useState(false);
  const signUp = useSignUp();
  const onSuccess = useAuthSuccess();

  const checks = useMobileCodeChecks();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<Field, string | null> = {
      ...checks(values),
      invitationCode: values.invitationCode.trim() ? validate(promotionCodeSchema, values.invitationCode) : null,
      adult: adult ? null : catalogueText('ADULT_REQUIRED', locale),
      agreement: agreement ? null : catalogueText('AGREEMENT_REQUIRED', locale),
    };
    setErrors(next);
    if (hasErrors(next)) return focusFirstInvalid(form.current);
    const channel = storeChannel ?? getChannelCode();
    signUp.mutate(
      {
        mobile: values.mobile.trim(),
        password: values.password,
        code: values.code,
        invitationCode: values.invitationCode.trim() || undefined,
        promoteCode: wellFormed(promoteCode),
        channelCode: channel && channelPattern.test(channel) ? channel : undefined,
      },
      { onSuccess },
    );
  };

  const docLink = (slug: 'terms' | 'privacy', label: string) => (
    <Link to={`/docs/help/${slug}`} onClick={() => closeOverlay('register')} className="text-accent-cyan hover:underline">
      {label}
    </Link>
  );

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="register-form">
      <MobileCodeFields
        smsType="signUp"
        passwordLabel="auth.password"
        values={values}
        errors={errors}
        onChange={set}
        checkMobile={() => checkNow('mobile', mobileSchema)}
      />
      <TextField
        label={t('auth.invitationCode')}
        name="invitationCode"
        autoComplete="off"
        placeholder={t('auth.invitationPlaceholder')}
        {...bind('invitationCode')}
      />
      <CheckboxField name="adult" checked={adult} onChange={setAdult} error={errors.adult}>
        {t('auth.adult')}
      </CheckboxField>
      <CheckboxField name="agreement" checked={agreement} onChange={setAgreement} error={errors.agreement}>
        {t('auth.agreePrefix')}
        {docLink('terms', t('auth.terms'))}
        {t('auth.and')}
        {docLink('privacy', t('auth.privacy'))}
      </CheckboxField>
      <Button type="submit" pending={signUp.isPending} testId="register-submit">
        {t('auth.registerSubmit')}
      </Button>
    </form>
  );
}
