import { useId } from 'react';
import { realityCheckIntervals } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { toast } from '../../../shared/ui/toast';
import { useRealityCheck } from '../api/get-reality-check';
import { useSetRealityCheck } from '../api/set-reality-check';

/** The player's reality check interval (off, 15 … 120 minutes), stored on the server. */
export function RealityCheckSetting() {
  const t = useT();
  const id = useId();
  const setting = useRealityCheck();
  const save = useSetRealityCheck();
  const value = save.isPending && save.variables !== undefined ? save.variables : (setting.data?.intervalMinutes ?? 0);
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold text-white">
        {t('realityCheck.setting')}
      </h2>
      <p className="text-sm text-slate-400">{t('realityCheck.settingHelp')}</p>
      <label htmlFor={id} className="text-sm text-slate-300">
        {t('realityCheck.interval')}
      </label>
      <select
        id={id}
        data-testid="reality-check-interval"
        value={value}
        disabled={setting.isPending || save.isPending}
        onChange={(event) =>
          save.mutate(Number(event.target.value), {
            onSuccess: () => toast.success(t('realityCheck.saved'), { id: 'reality-check-saved' }),
          })
        }
        className="min-h-11 w-full max-w-xs rounded-lg border border-line bg-panel-2 px-3 text-white sm:w-auto"
      >
        {realityCheckIntervals.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? t('realityCheck.off') : t('realityCheck.minutes', { minutes: m })}
          </option>
        ))}
      </select>
    </section>
  );
}
