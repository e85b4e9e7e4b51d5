import { useId, useState } from 'react';
import type { ProtectionLimit } from '@skinfair/contract';
import { FieldError } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useMoney } from '../../../shared/ui/price';
import { useSetLimit } from '../api/set-limit';
import { beijingTime, yuanToFen } from '../protection-format';

const labels: Record<ProtectionLimit['kind'], MessageId> = {
  deposit_day: 'protection.depositDay',
  deposit_week: 'protection.depositWeek',
  deposit_month: 'protection.depositMonth',
  loss_day: 'protection.lossDay',
  loss_week: 'protection.lossWeek',
  loss_month: 'protection.lossMonth',
  session_minutes: 'protection.sessionMinutes',
};

/** One limit: what is in force, what is used, a pending raise or removal, and the form to change it. */
export function LimitRow({ limit, disabled }: { limit: ProtectionLimit; disabled: boolean }) {
  const t = useT();
  const money = useMoney();
  const inputId = useId();
  const setLimit = useSetLimit();
  const [text, setText] = useState('');
  const [confirm, setConfirm] = useState<{ value: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const minutes = limit.kind === 'session_minutes';
  const show = (v: number) => (minutes ? t('protection.minutes', { minutes: v }) : money(v));
  const parse = (s: string): number | null => {
    if (!minutes) return yuanToFen(s);
    const n = Number(s.trim());
    return Number.isInteger(n) && n >= 5 && n <= 1440 ? n : null;
  };
  const raising = (value: number | null) => limit.value !== null && (value === null || value > limit.value);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = parse(text);
    if (value === null) return setError(t(minutes ? 'protection.minutesInvalid' : 'protection.amountInvalid'));
    setError(null);
    setConfirm({ value });
  };
  const apply = () => {
    if (!confirm) return;
    setLimit.mutate({ kind: limit.kind, value: confirm.value }, { onSettled: () => setConfirm(null), onSuccess: () => setText('') });
  };

  return (
    <li className="flex flex-col gap-2 rounded-lg bg-panel-2 p-3" data-testid={`limit-${limit.kind}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-white">{t(labels[limit.kind])}</span>
        <span className="text-sm text-slate-300" data-testid={`limit-${limit.kind}-value`}>
          {limit.value === null ? t('protection.none') : show(limit.value)}
        </span>
      </div>
      {limit.value !== null && (
        <p className="text-xs text-slate-400">
          {t('protection.used', { used: show(limit.usedNow) })}
          {limit.resetsAt ? ` · ${t('protection.resets', { at: beijingTime(limit.resetsAt) })}` : ''}
        </p>
      )}
      {limit.pendingAt && (
        <p className="text-xs text-accent-orange" data-testid={`limit-${limit.kind}-pending`}>
          {limit.pendingValue === null
            ? t('protection.pendingRemove', { at: beijingTime(limit.pendingAt) })
            : t('protection.pendingRaise', {
                value: show(limit.pendingValue),
                at: beijingTime(limit.pendingAt),
              })}
        </p>
      )}
      <form className="flex flex-wrap items-center gap-2" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          {t(labels[limit.kind])}
        </label>
        <input
          id={inputId}
          inputMode={minutes ? 'numeric' : 'decimal'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t(minutes ? 'protection.minutesPlaceholder' : 'protection.amountPlaceholder')}
          disabled={disabled}
          className="w-40 rounded-lg border border-line bg-panel px-3 py-1.5 text-sm text-white"
          aria-invalid={error ? true : undefined}
        />
        <button
          type="submit"
          disabled={disabled}
          className="rounded-lg bg-accent-purple px-4 py-1.5 text-sm font-semibold text-black disabled:opacity-50"
        >
          {t('protection.save')}
        </button>
        {limit.value !== null && (
          <button
            type="button"
            disabled={disabled}
            onClick={() => setConfirm({ value: null })}
            className="rounded-lg border border-line px-4 py-1.5 text-sm text-slate-200 disabled:opacity-50"
          >
            {t('protection.remove')}
          </button>
        )}
      </form>
      <FieldError message={error} />
      {confirm && (
        <ConfirmDialog
          title={t(labels[limit.kind])}
          onConfirm={apply}
          onCancel={() => setConfirm(null)}
          busy={setLimit.isPending}
          testId="limit-confirm"
        >
          <p>
            {confirm.value === null
              ? t('protection.confirmRemove')
              : raising(confirm.value)
                ? t('protection.confirmRaise', { value: show(confirm.value) })
                : t('protection.confirmLower', { value: show(confirm.value) })}
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
