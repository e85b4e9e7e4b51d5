import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import type { Settings } from '../../../shared/storage/settings';

/** Spec: open 1, 2, 3, 5 or 10 at once (the server allows 1..10). */
export const QUANTITIES = [1, 2, 3, 5, 10] as const;

export function QuantityPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const t = useT();
  return (
    <div role="radiogroup" aria-label={t('box.quantity')} className="flex gap-2" data-testid="quantity-picker">
      {QUANTITIES.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={n === value}
          onClick={() => onChange(n)}
          className={`size-10 rounded-lg text-sm font-semibold ${n === value ? 'bg-accent-purple text-black' : 'bg-panel-2 text-slate-300 hover:text-white'}`}
        >
          {n}
        </button>
      ))}
    </div>
  );
}

function Toggle({ setting, children }: { setting: keyof Settings; children: ReactNode }) {
  const value = useSettingsStore((s) => s[setting]);
  const set = useSettingsStore((s) => s.set);
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-300">
      <input
        type="checkbox"
        role="switch"
        checked={value}
        onChange={(event) => set(setting, event.target.checked)}
        className="size-4 accent-accent-orange"
        data-testid={`toggle-${setting}`}
      />
      {children}
    </label>
  );
}

/** The page's switches for the stored preferences: fast mode, sound effects, music. */
export function OpenToggles() {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-4">
      <Toggle setting="fastMode">{t('box.fastMode')}</Toggle>
      <Toggle setting="voice">{t('box.voice')}</Toggle>
      <Toggle setting="music">{t('box.music')}</Toggle>
    </div>
  );
}
