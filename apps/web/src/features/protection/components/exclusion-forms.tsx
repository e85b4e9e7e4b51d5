import { useId, useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useCoolOff } from '../api/cool-off';
import { useSelfExclude } from '../api/self-exclude';

const coolOffDays = [1, 2, 3, 7, 14, 30, 42] as const;
const exclusionMonths = [6, 12, 60] as const;

/** Cool-off and self-exclusion: each behind a dialog that says plainly it cannot be undone. */
export function ExclusionForms() {
  const t = useT();
  const coolId = useId();
  const selfId = useId();
  const [days, setDays] = useState<number>(7);
  const [months, setMonths] = useState<number>(6);
  const [asking, setAsking] = useState<'cool' | 'self' | null>(null);
  const coolOff = useCoolOff();
  const selfExclude = useSelfExclude();
  const close = () => setAsking(null);
  const select = 'rounded-lg border border-line bg-panel px-3 py-1.5 text-sm text-white';
  const button = 'rounded-lg bg-accent-orange px-4 py-1.5 text-sm font-semibold text-black';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="flex flex-col gap-2 rounded-lg bg-panel-2 p-4" aria-labelledby={`${coolId}-h`}>
        <h3 id={`${coolId}-h`} className="font-semibold text-white">
          {t('protection.coolOff')}
        </h3>
        <p className="text-sm text-slate-400">{t('protection.coolOffExplain')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={coolId} className="text-sm text-slate-300">
            {t('protection.duration')}
          </label>
          <select id={coolId} className={select} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {coolOffDays.map((d) => (
              <option key={d} value={d}>
                {t('protection.days', { days: d })}
              </option>
            ))}
          </select>
          <button type="button" className={button} onClick={() => setAsking('cool')} data-testid="cool-off-start">
            {t('protection.start')}
          </button>
        </div>
      </section>
      <section className="flex flex-col gap-2 rounded-lg bg-panel-2 p-4" aria-labelledby={`${selfId}-h`}>
        <h3 id={`${selfId}-h`} className="font-semibold text-white">
          {t('protection.selfExclusion')}
        </h3>
        <p className="text-sm text-slate-400">{t('protection.selfExclusionExplain')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selfId} className="text-sm text-slate-300">
            {t('protection.duration')}
          </label>
          <select id={selfId} className={select} value={months} onChange={(e) => setMonths(Number(e.target.value))}>
            {exclusionMonths.map((m) => (
              <option key={m} value={m}>
                {t(m === 6 ? 'protection.sixMonths' : m === 12 ? 'protection.oneYear' : 'protection.fiveYears')}
              </option>
            ))}
          </select>
          <button type="button" className={button} onClick={() => setAsking('self')} data-testid="self-exclude-start">
            {t('protection.start')}
          </button>
        </div>
      </section>
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
