import { useState, type FormEvent } from 'react';
import { emailSchema, smsCodeSchema } from '@skinfair/contract';
import { Button, Spinner, TextField } from '../../../shared/forms/fields';
import { hasErrors } from '../../../shared/forms/validate';
import { useFormFields } from '../../../shared/forms/use-form-fields';
import { useT } from '../../../shared/i18n/use-t';
import { CodeField } from '../../../shared/verification/code-field';
import { useSecurityCheck } from '../api/security-check';
import { useSecurityWays } from '../api/get-security-ways';

/**
 * The security check before sensitive changes (changing mail, setting a password): a code to the bound
 * phone (type 0, preferred) or mail (type 1) → a short-lived securityToken. Binding or changing a
 * credential accepts only the phone (`phoneOnly`, issue 9 §5).
 */
export function SecurityCheck({ onPassed, phoneOnly = false }: { onPassed: (securityToken: string) => void; phoneOnly?: boolean }) {
  const t = useT();
  const ways = useSecurityWays();
  const [chosen, setChosen] = useState<0 | 1 | null>(null);
  const { values, setErrors, bind, checkNow, validate } = useFormFields({ email: '', code: '' });
  const { email, code } = values;
  const check = useSecurityCheck();

  if (ways.isPending) return <Spinner className="size-5 text-slate-400" />;
  const list = (ways.data ?? []).filter((w) => !phoneOnly || w.type === 0);
  if (list.length === 0) return <p className="text-sm text-slate-400">{t('account.noSecurityWay')}</p>;
  const preferred = list.find((w) => w.preferred) ?? list[0];
  const type = (chosen ?? preferred?.type ?? 0) === 1 ? 1 : 0;
  const target = list.find((w) => w.type === type)?.target ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { code: validate(smsCodeSchema, code), email: type === 1 ? validate(emailSchema, email) : null };
    setErrors(next);
    if (hasErrors(next)) return;
    check.mutate({ type, code }, { onSuccess: (result) => onPassed(result.securityToken) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-3" data-testid="security-check">
      <p className="text-sm text-slate-300">{t('account.securityIntro')}</p>
      {list.length > 1 ? (
        <div role="radiogroup" aria-label={t('account.securityWay')} className="flex gap-2">
          {list.map((way) => (
            <button
              key={way.type}
              type="button"
              role="radio"
              aria-checked={type === way.type}
              onClick={() => setChosen(way.type === 1 ? 1 : 0)}
              className={`rounded-full px-3 py-1 text-xs ${type === way.type ? 'bg-accent-purple text-black' : 'bg-panel-2 text-slate-300'}`}
            >
              {way.type === 1 ? t('account.wayMail') : t('account.wayPhone')} {way.target}
            </button>
          ))}
        </div>
      ) : (
        <p className="text-xs text-slate-400">{t('account.codeSentTo', { target })}</p>
      )}
      {type === 1 ? (
        <>
          <TextField label={t('account.boundEmail')} type="email" {...bind('email')} hint={target} />
          <CodeField
            label={t('account.mailCode')}
            {...bind('code')}
            sender={{ kind: 'mail', type: 'security', email, checkTarget: () => checkNow('email', emailSchema) }}
          />
        </>
      ) : (
        <CodeField label={t('auth.smsCode')} {...bind('code')} sender={{ kind: 'userSms', type: 'security' }} />
      )}
      <Button type="submit" pending={check.isPending} className="self-start">
        {t('account.next')}
      </Button>
    </form>
  );
}
