import { useState, type FormEvent } from 'react';
import { useChangeOwnPassword } from '../api/account';
import { useAccountT, type AccountMessageId } from '../i18n/account-messages';
import { primaryButtonClass } from './styles';
import { LabelledInput } from './labelled';

/** The rule the server checks (operatorPasswordSchema), said before the call rather than after it. */
const STRONG = /^\S{12,64}$/;

/**
 * The current password, the new one twice. Used by the account page and by the forced change after an
 * admin's reset (where "current" is the one-time password). `onDone` gets how many other sessions ended.
 */
export function ChangePasswordForm({
  currentLabel = 'account.password.current',
  onDone,
}: {
  currentLabel?: AccountMessageId;
  onDone: (endedSessions: number) => void;
}) {
  const t = useAccountT();
  const change = useChangeOwnPassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [touched, setTouched] = useState(false);
  const problem: AccountMessageId | null = !STRONG.test(next)
    ? 'account.password.rule'
    : next !== again
      ? 'account.password.mismatch'
      : next === current
        ? 'account.password.same'
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || change.isPending) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: ({ endedSessions }) => {
          setCurrent('');
          setNext('');
          setAgain('');
          setTouched(false);
          onDone(endedSessions);
        },
      },
    );
  };
  const field = (label: AccountMessageId, value: string, set: (v: string) => void, autoComplete: string) => (
    <LabelledInput label={t(label)} type="password" required maxLength={64} autoComplete={autoComplete} value={value} onChange={set} />
  );
  const error = (touched && problem ? t(problem) : null) ?? change.error?.message;

  return (
    <form onSubmit={submit} className="flex max-w-sm flex-col gap-3" noValidate>
      {field(currentLabel, current, setCurrent, 'current-password')}
      {field('account.password.new', next, setNext, 'new-password')}
      {field('account.password.confirm', again, setAgain, 'new-password')}
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <button type="submit" className={primaryButtonClass} disabled={change.isPending}>
        {t('account.password.submit')}
      </button>
    </form>
  );
}
