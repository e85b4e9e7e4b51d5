import type { TransparencyFigures } from '@skinfair/contract';

/**
 * The 95 % band as a shaded bar, the declared return as a white tick and the realised one as a dot, on a
 * scale holding all three (plain CSS, like the box page's panel; the numbers are in the table beside it,
 * so the drawing is hidden from screen readers).
 */
export function BandBar({ figures }: { figures: TransparencyFigures }) {
  const { band95, declaredReturn, realisedReturn } = figures;
  if (!band95 || declaredReturn === null || realisedReturn === null) return null;
  const lo = Math.min(band95.low, realisedReturn, declaredReturn);
  const hi = Math.max(band95.high, realisedReturn, declaredReturn);
  const pad = (hi - lo) * 0.15 || 0.01;
  const at = (x: number) => ((x - lo + pad) / (hi - lo + 2 * pad)) * 100;
  return (
    <div aria-hidden="true" className="relative h-3 w-full min-w-24 rounded-full bg-panel-2" data-testid="band-bar">
      <div
        className="absolute inset-y-0 rounded-full bg-accent-cyan/30"
        style={{ left: `${at(band95.low)}%`, width: `${Math.max(0.5, at(band95.high) - at(band95.low))}%` }}
      />
      <div className="absolute inset-y-0 w-0.5 bg-white" style={{ left: `${at(declaredReturn)}%` }} />
      <div
        className={`absolute top-0 size-3 -translate-x-1/2 rounded-full ${figures.alert ? 'bg-red-500' : 'bg-accent-orange'}`}
        style={{ left: `${at(realisedReturn)}%` }}
      />
    </div>
  );
}
