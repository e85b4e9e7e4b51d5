import type { FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { idCardSchema, realNameSchema, smsCodeSchema } from '@skinfair/contract';
import { Button, TextField } from '../../../shared/forms/fields';
import { focusFirstInvalid, hasErrors } from '../../../shared/forms/validate';
import { useFormFields } from '../../../shared/forms/use-form-fields';
import { useT } from '../../../shared/i18n/use-t';
import { browserNavigation } from '../../../shared/routing/steam-login';
import { Dialog } from '../../../shared/ui/dialog';
import { CodeField } from '../../../shared/verification/code-field';
import { useStartCertify } from '../api/certify';
import { useCertifyOptions } from '../api/certify-options';
import { useVerifyIdentity } from '../api/verify';

/**
 * User verify (spec §1, §2): real name and ID card. The direct way (an SMS code to the account's number)
 * is primary; the provider page (certify → redirect → /personal?certifyId=…) is offered second, only when
 * the server says its provider has one (a registry-only provider would refuse it: issue 27 §2).
 */
export function UserVerifyOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { values, setErrors, bind, validate } = useFormFields({ realName: '', idCard: '', smsCode: '' });
  const verify = useVerifyIdentity();
  const certify = useStartCertify();
  const options = useCertifyOptions();

  const identityErrors = () => ({
    realName: validate(realNameSchema, values.realName),
    idCard: validate(idCardSchema, values.idCard),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const next = { ...identityErrors(), smsCode: validate(smsCodeSchema, values.smsCode) };
    setErrors(next);
    if (hasErrors(next)) return focusFirstInvalid(form);
    verify.mutate(
      { realName: values.realName.trim(), idCard: values.idCard.trim().toUpperCase(), smsCode: values.smsCode },
      {
        onSuccess: () => {
          toast.success(t('verify.done'));
          onClose();
        },
      },
    );
  };

  const viaProvider = () => {
    const next = identityErrors();
    setErrors(next);
    if (hasErrors(next)) return;
    certify.mutate(
      { realName: values.realName.trim(), idCard: values.idCard.trim().toUpperCase() },
      { onSuccess: (result) => browserNavigation.assign(result.redirectUrl) },
    );
  };

  return (
    <Dialog title={t('overlay.userVerify')} onClose={onClose} testId="overlay-userVerify" variant="sheet">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-xs text-slate-400">{t('verify.intro')}</p>
        <TextField label={t('verify.realName')} autoComplete="name" {...bind('realName')} />
        <TextField label={t('verify.idCard')} autoComplete="off" maxLength={18} {...bind('idCard')} />
        <CodeField label={t('auth.smsCode')} {...bind('smsCode')} sender={{ kind: 'userSms', type: 'verify' }} />
        <Button type="submit" pending={verify.isPending}>
          {t('verify.submit')}
        </Button>
        {options.data?.providerPage ? (
          <button
            type="button"
            onClick={viaProvider}
            disabled={certify.isPending}
            className="text-center text-xs text-accent-cyan hover:underline disabled:opacity-50"
          >
            {t('verify.viaProvider')}
          </button>
        ) : options.data ? (
          <p className="text-center text-xs text-slate-400" data-testid="verify-no-provider-page">
            {t('verify.providerPageUnavailable')}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
