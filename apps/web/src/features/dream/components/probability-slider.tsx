import { useId } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { formatPercent, presetProbabilities, PROBABILITY_STEP } from '../dream-math';

/**
 * The win probability, as a native range input (arrow keys, Home/End, Page keys; the value is read out as
 * a percentage). `min` may sit above the configured minimum when staked items need a larger fee.
 */
export function ProbabilitySlider({
  value,
  min,
  max,
  configMin,
  onChange,
  disabled = false,
}: {
  value: number;
  min: number;
  max: number;
  configMin: number;
  onChange: (probability: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const percent = formatPercent(value);
  const presets = presetProbabilities(min, max);
  const presetNames = ['min', 'mid', 'max'] as const;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm text-slate-300">
          {t('dream.probability')}
        </label>
        <span className="text-2xl font-bold text-accent-cyan" data-testid="dream-probability">
          {percent}%
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={PROBABILITY_STEP}
        value={value}
        disabled={disabled || min >= max}
        aria-valuetext={`${percent}%`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-accent-cyan"
        data-testid="dream-slider"
      />
      <div className="flex items-center justify-between text-xs text-slate-500">
        <span>{formatPercent(min)}%</span>
        <span className="flex gap-1">
          {presets.map((p, i) => (
            <button
              key={i}
              type="button"
              data-testid={`dream-preset-${presetNames[i]}`}
              disabled={disabled}
              onClick={() => onChange(p)}
              className="rounded border border-line px-2 py-0.5 text-slate-300 hover:text-white disabled:opacity-40"
            >
              {t(`dream.preset.${presetNames[i]!}`)}
            </button>
          ))}
        </span>
        <span>{formatPercent(max)}%</span>
      </div>
      {min > configMin ? (
        <p className="text-xs text-accent-orange" role="status" data-testid="dream-min-raised">
          {t('dream.minRaised', { percent: formatPercent(min) })}
        </p>
      ) : null}
    </div>
  );
}
