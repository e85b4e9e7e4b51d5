import { useEffect, useState, type FormEvent } from 'react';
import type { DreamSettings } from '@skinfair/contract';
import { toast } from '../../../../shared/ui/toast';
import { useGamesT, type GamesMessageId } from '../../i18n/games-messages';
import { useDreamSettings, useSaveDreamSettings } from '../../api/games';
import { when } from '../format';
import { QueryState } from '../query-state';
import { buttonClass, fieldClass, primaryButtonClass } from '../styles';
import { useCanWriteGames } from './shared';

const DREAM_FIELDS: Array<{ key: keyof DreamSettings; label: GamesMessageId; min: number; max: number }> = [
  { key: 'minProbability', label: 'dream.minProbability', min: 1, max: 100_000 },
  { key: 'maxProbability', label: 'dream.maxProbability', min: 1, max: 100_000 },
  { key: 'returnRateBp', label: 'dream.returnRate', min: 1_000, max: 10_000 },
  { key: 'minTargetPriceFen', label: 'dream.minTarget', min: 1, max: 1_000_000_000 },
  { key: 'maxTargetPriceFen', label: 'dream.maxTarget', min: 1, max: 1_000_000_000 },
];
type DreamDraft = Record<keyof DreamSettings, string>;
const draftOf = (s: DreamSettings): DreamDraft => Object.fromEntries(DREAM_FIELDS.map((f) => [f.key, String(s[f.key])])) as DreamDraft;

/** The dream settings: the saved override or the defaults from the environment, edited within their ranges (games.write). */
export function DreamTab() {
  const t = useGamesT();
  const canWrite = useCanWriteGames();
  const settings = useDreamSettings();
  const save = useSaveDreamSettings();
  const [draft, setDraft] = useState<DreamDraft | null>(null);
  useEffect(() => {
    if (settings.data && draft === null) setDraft(draftOf(settings.data.current));
  }, [settings.data, draft]);
  if (!settings.data || !draft) return <QueryState query={settings} />;
  const values = Object.fromEntries(DREAM_FIELDS.map((f) => [f.key, Number(draft[f.key])])) as DreamSettings;
  const inRange = DREAM_FIELDS.every((f) => /^\d+$/.test(draft[f.key]) && values[f.key] >= f.min && values[f.key] <= f.max);
  const ordered = values.minProbability <= values.maxProbability && values.minTargetPriceFen <= values.maxTargetPriceFen;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inRange || !ordered || save.isPending) return;
    save.mutate(values, {
      onSuccess: (saved) => {
        setDraft(draftOf(saved.current));
        void toast.success(t('dream.saved'));
      },
      onError: (e) => void toast.error(e.message),
    });
  };
  return (
    <form onSubmit={submit} aria-label={t('dream.title')} className="flex max-w-xl flex-col gap-3">
      <p className="text-sm text-slate-300">
        {settings.data.overridden ? t('dream.overridden', { at: when(settings.data.updatedAt) }) : t('dream.fromEnv')}
      </p>
      {DREAM_FIELDS.map((f) => (
        <div key={f.key} className="flex flex-col gap-1 text-sm text-slate-200">
          <label htmlFor={`dream-${f.key}`}>{t(f.label)}</label>
          <input
            id={`dream-${f.key}`}
            aria-describedby={`dream-${f.key}-default`}
            type="number"
            className={fieldClass}
            min={f.min}
            max={f.max}
            step={1}
            required
            disabled={!canWrite}
            value={draft[f.key]}
            onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
          />
          <span id={`dream-${f.key}-default`} className="text-xs text-slate-400">
            {t('dream.default', { value: settings.data!.defaults[f.key] })}
          </span>
        </div>
      ))}
      {!ordered ? (
        <p role="alert" className="text-sm text-red-400">
          {t('dream.minAboveMax')}
        </p>
      ) : null}
      <p className="text-xs text-slate-400">{t('dream.hint')}</p>
      {canWrite ? (
        <div className="flex gap-2">
          <button type="submit" className={primaryButtonClass} disabled={!inRange || !ordered || save.isPending}>
            {t('dream.save')}
          </button>
          <button type="button" className={buttonClass} onClick={() => setDraft(draftOf(settings.data!.defaults))}>
            {t('dream.reset')}
          </button>
        </div>
      ) : null}
    </form>
  );
}
