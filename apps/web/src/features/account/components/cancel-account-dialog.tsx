import { useState, type FormEvent } from 'react';
import { toast } from '../../../shared/ui/toast';
import { smsCodeSchema } from '@skinfair/contract';
import { Button, CheckboxField } from '../../../shared/forms/fields';
import { useValidate } from '../../../shared/forms/use-validate';
import { useT } from '../../../shared/i18n/use-t';
import { Dialog } from '../../../shared/ui/dialog';
import { CodeField } from '../../../shared/verification/code-field';
import { useCancelAccount } from '../api/cancel-account';

/**
 * Cancel account, confirmed twice: first the consequences (balances and items are frozen, not refunded)
 * with an explicit tick, then an SMS code and the final button.
 */
export function CancelAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const validate = useValidate();
  const [step, setStep] = useState<1 | 2>(1);
  const [understood, setUnderstood] = useState(false);
  const [understoodError, setUnderstoodError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = validate(smsCodeSchema, code);
    setError(next);
    if (next) return;
    cancel.mutate({ code }, { onSuccess: () => toast.success(t('account.cancelled')) });
  };

  return (
    <Dialog title={t('account.cancelTitle')} onClose={onClose} testId="cancel-account" variant="sheet">
      {step === 1 ? (
        <div className="flex flex-col gap-4 text-sm">
          <div role="alert" className="rounded-lg border border-accent-red/50 bg-accent-red/10 p-3 text-slate-200">
            <p className="mb-2 font-semibold text-accent-red">{t('account.cancelWarnTitle')}</p>
            <ul className="list-disc space-y-1 ps-5">
              <li>{t('account.cancelWarn1')}</li>
              <li>{t('account.cancelWarn2')}</li>
              <li>{t('account.cancelWarn3')}</li>
            </ul>
          </div>
          <CheckboxField checked={understood} onChange={setUnderstood} error={understoodError}>
            {t('account.cancelUnderstood')}
          </CheckboxField>
          <div className="flex gap-2">
            <Button
              variant="danger"
              onClick={() => {
                if (!understood) return setUnderstoodError(t('account.cancelTickFirst'));
                setUnderstoodError(null);
                setStep(2);
              }}
            >
              {t('account.cancelContinue')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('account.cancelKeep')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 text-sm">
          <p className="text-slate-300">{t('account.cancelFinal')}</p>
          <CodeField
            label={t('auth.smsCode')}
            value={code}
            onChange={setCode}
            error={error}
            sender={{ kind: 'userSms', type: 'cancelAccount' }}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" pending={cancel.isPending}>
              {t('account.cancelConfirm')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('account.cancelKeep')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
