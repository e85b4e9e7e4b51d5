import { useId, useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { OptionSelect, type SelectOption } from '../../../shared/ui/filter-controls';
import { useCoolOff } from '../api/cool-off';
import { useSelfExclude } from '../api/self-exclude';

const coolOffDays = [1, 2, 3, 7, 14, 30, 42] as const;
const exclusionMonths = [6, 12, 60] as const;

const monthsLabel: Record<(typeof exclusionMonths)[number], MessageId> = {
  6: 'protection.sixMonths',
  12: 'protection.oneYear',
  60: 'protection.fiveYears',
};

interface BreakFormProps {
  title: string;
  explain: string;
  options: SelectOption[];
  value: number;
  onChange: (value: number) => void;
  onStart: () => void;
  testId: string;
}

/** One kind of break: what it does, how long, and the button that asks for the confirmation. */
function BreakForm({ title, explain, options, value, onChange, onStart, testId }: BreakFormProps) {
  const t = useT();
  const id = useId();
  return (
    <section className="flex flex-col gap-2 rounded-lg bg-panel-2 p-4" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="font-semibold text-white">
        {title}
      </h3>
      <p className="text-sm text-slate-400">{explain}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm text-slate-300">
          {t('protection.duration')}
        </label>
        <OptionSelect
          id={id}
          className="rounded-lg border border-line bg-panel px-3 py-1.5 text-sm text-white"
          value={String(value)}
          onChange={(v) => onChange(Number(v))}
          options={options}
        />
        <button
          type="button"
          className="rounded-lg bg-accent-orange px-4 py-1.5 text-sm font-semibold text-black"
          onClick={onStart}
          data-testid={testId}
        >
          {t('protection.start')}
        </button>
      </div>
    </section>
  );
}

/** Cool-off and self-exclusion: each behind a dialog that says plainly it cannot be undone. */
export function ExclusionForms() {
  const t = useT();
  const [days, setDays] = useState<number>(7);
  const [months, setMonths] = useState<number>(6);
  const [asking, setAsking] = useState<'cool' | 'self' | null>(null);
  const coolOff = useCoolOff();
  const selfExclude = useSelfExclude();
  const close = () => setAsking(null);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <BreakForm
        title={t('protection.coolOff')}
        explain={t('protection.coolOffExplain')}
        options={coolOffDays.map((d) => ({ value: String(d), label: t('protection.days', { days: d }) }))}
        value={days}
        onChange={setDays}
        onStart={() => setAsking('cool')}
        testId="cool-off-start"
      />
      <BreakForm
        title={t('protection.selfExclusion')}
        explain={t('protection.selfExclusionExplain')}
        options={exclusionMonths.map((m) => ({ value: String(m), label: t(monthsLabel[m]) }))}
        value={months}
        onChange={setMonths}
        onStart={() => setAsking('self')}
        testId="self-exclude-start"
      />
      {asking && (
        <ConfirmDialog
          title={t(asking === 'cool' ? 'protection.coolOff' : 'protection.selfExclusion')}
          confirmLabel={t('protection.confirmIrreversible')}
          busy={coolOff.isPending || selfExclude.isPending}
          onCancel={close}
          onConfirm={() =>
            asking === 'cool' ? coolOff.mutate(days, { onSettled: close }) : selfExclude.mutate(months, { onSettled: close })
          }
          testId="exclusion-confirm"
        >
          <p className="mb-2 font-semibold text-accent-red">{t('protection.irreversible')}</p>
          <p>{t('protection.exclusionEffects')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
