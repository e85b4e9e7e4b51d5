import { useState } from 'react';
import { formatFen, parseYuanToFen, WITHDRAWAL_HOLD_HOURS_MAX, type WithdrawalRules } from '@skinfair/contract';
import { useGuardT } from '../../i18n/withdrawal-guard-messages';
import { useSaveWithdrawalRules, useWithdrawalRules } from '../../api/withdrawal-guard';
import { QueryState } from '../query-state';
import { ReasonChange } from '../reason-dialog';
import { buttonClass } from '../styles';
import { LabelledInput } from '../labelled';
import { yuan } from '../format';

const wholeIn = (text: string, max: number) => (/^\d{1,4}$/.test(text) && Number(text) <= max ? Number(text) : null);

/** The form's values as typed, or null while one of them is not valid. */
function parse(form: { hours: string; aboveYuan: string; count: string }): WithdrawalRules | null {
  const holdHours = wholeIn(form.hours, WITHDRAWAL_HOLD_HOURS_MAX);
  const reviewAboveFen = form.aboveYuan.trim() === '0' ? 0 : parseYuanToFen(form.aboveYuan);
  const reviewDailyCount = wholeIn(form.count, 1_000);
  if (holdHours === null || reviewAboveFen === null || reviewAboveFen > 100_000_000 || reviewDailyCount === null) return null;
  return { holdHours, reviewAboveFen, reviewDailyCount };
}

/**
 * The withdrawal guard's settings (issue 24 §2 and §4, decision 0045): shown to whoever sees withdrawals,
 * changed only with the `withdrawals.rules` permission (admin), with a reason for the audit log.
 */
export function WithdrawalRulesPanel({ canEdit }: { canEdit: boolean }) {
  const t = useGuardT();
  const rules = useWithdrawalRules();
  const save = useSaveWithdrawalRules();
  const [form, setForm] = useState<{ hours: string; aboveYuan: string; count: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (rules.isError || !rules.data) return <QueryState query={rules} />;
  const r = rules.data;
  const current = form ?? {
    hours: String(r.holdHours),
    aboveYuan: formatFen(r.reviewAboveFen),
    count: String(r.reviewDailyCount),
  };
  const next = parse(current);
  // The rules in one sentence, each one "off" at 0: those in force, and those about to be saved.
  const summary = (rules: WithdrawalRules) =>
    t('guard.rules.current', {
      hours: rules.holdHours || t('guard.rules.off'),
      above: rules.reviewAboveFen ? yuan(rules.reviewAboveFen) : t('guard.rules.off'),
      count: rules.reviewDailyCount || t('guard.rules.off'),
    });
  const field = (key: keyof typeof current, label: string, decimal = false) => (
    <LabelledInput
      label={label}
      inputMode={decimal ? 'decimal' : 'numeric'}
      maxLength={12}
      value={current[key]}
      onChange={(v) => setForm({ ...current, [key]: v.trim() })}
    />
  );
  return (
    <section
      className="flex flex-col gap-2 rounded border border-line p-3"
      aria-labelledby="withdrawal-rules"
      data-testid="withdrawal-rules"
    >
      <h2 id="withdrawal-rules" className="font-semibold text-white">
        {t('guard.rules.title')}
      </h2>
      <p className="text-sm text-slate-300">{summary(r)}</p>
      <p className="text-xs text-slate-400">{t('guard.rules.explain')}</p>
      {canEdit ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (next) setConfirming(true);
          }}
        >
          {field('hours', t('guard.rules.holdHours'))}
          {field('aboveYuan', t('guard.rules.reviewAbove'), true)}
          {field('count', t('guard.rules.dailyCount'))}
          <button type="submit" className={buttonClass} disabled={!next}>
            {t('guard.rules.save')}
          </button>
        </form>
      ) : null}
      {confirming && next ? (
        <ReasonChange
          title={t('guard.rules.confirmTitle')}
          confirmLabel={t('guard.rules.save')}
          change={save}
          params={next}
          done={t('guard.rules.saved')}
          onClose={() => setConfirming(false)}
          onDone={() => setForm(null)}
        >
          <p className="text-sm text-slate-300">{summary(next)}</p>
        </ReasonChange>
      ) : null}
    </section>
  );
}
