import { useState, type FormEvent } from 'react';
import type { AdminBoxTheme } from '@skinfair/contract';
import { toast } from '../../../shared/ui/toast';
import { useBoxThemes, useSaveTheme, type ThemeInput } from '../api/boxes';
import { useBoxesT } from '../i18n/boxes-messages';
import { fieldClass, smallButtonClass } from './styles';

/** One theme's row as a small form: name, type and order, saved together (one audit row). */
function ThemeRow({ theme, canWrite }: { theme: AdminBoxTheme | null; canWrite: boolean }) {
  const t = useBoxesT();
  const save = useSaveTheme();
  const initial: ThemeInput = theme
    ? { id: theme.id, name: theme.name, boxType: theme.boxType, weight: theme.weight }
    : { name: '', boxType: 1, weight: 0 };
  const [draft, setDraft] = useState<ThemeInput>(initial);
  const label = theme ? `${theme.name} ` : `${t('boxes.themes.add')} `;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: () => {
        void toast.success(t('boxes.themes.saved'));
        if (!theme) setDraft(initial);
      },
      onError: (e) => void toast.error(e.message),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <span className="w-10 text-xs text-slate-400">{theme ? `#${theme.id}` : '+'}</span>
      <input
        aria-label={label + t('boxes.themes.name')}
        placeholder={t('boxes.themes.name')}
        className={`${fieldClass} w-40`}
        maxLength={20}
        required
        disabled={!canWrite}
        value={draft.name}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <select
        aria-label={label + t('boxes.themes.type')}
        className={fieldClass}
        disabled={!canWrite}
        value={draft.boxType}
        onChange={(e) => setDraft({ ...draft, boxType: Number(e.target.value) })}
      >
        <option value={1}>{t('boxes.themes.type.1')}</option>
        <option value={0}>{t('boxes.themes.type.0')}</option>
      </select>
      <input
        type="number"
        min={0}
        max={1_000_000}
        aria-label={label + t('boxes.themes.weight')}
        className={`${fieldClass} w-24`}
        disabled={!canWrite}
        value={draft.weight}
        onChange={(e) => setDraft({ ...draft, weight: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })}
      />
      {theme ? <span className="text-xs text-slate-400">{`${t('boxes.themes.count')}: ${theme.boxCount}`}</span> : null}
      {canWrite ? (
        <button type="submit" className={smallButtonClass} disabled={save.isPending || !draft.name.trim()}>
          {theme ? t('boxes.themes.save') : t('boxes.themes.add')}
        </button>
      ) : null}
    </form>
  );
}

/** The Boxes screen's themes: the home page's tabs, created, renamed and ordered here. */
export function ThemesPanel({ canWrite }: { canWrite: boolean }) {
  const t = useBoxesT();
  const themes = useBoxThemes();
  return (
    <section aria-label={t('boxes.themes.title')} className="flex flex-col gap-2 rounded border border-line bg-panel p-3">
      <h2 className="font-semibold">{t('boxes.themes.title')}</h2>
      <p className="text-xs text-slate-400">{t('boxes.themes.hint')}</p>
      {(themes.data ?? []).map((theme) => (
        <ThemeRow key={`${theme.id}:${theme.name}:${theme.weight}:${theme.boxType}`} theme={theme} canWrite={canWrite} />
      ))}
      {canWrite ? <ThemeRow theme={null} canWrite /> : null}
    </section>
  );
}
