import type { ReturnBand } from '@skinfair/contract';

/** What the drawing needs of a box's return figures (the box page's and the transparency page's alike). */
export interface ReturnFigures {
  band95: ReturnBand | null;
  declaredReturn: number | null;
  realisedReturn: number | null;
  alert: boolean;
}

/**
 * The 95 % band as a shaded bar, the declared return as a white tick and the realised one as a dot, on a
 * scale holding all three. Plain CSS (no chart library on the player's side); the figures are written out
 * beside it, so the drawing is hidden from screen readers. `minBandPercent` keeps a narrow band visible.
 */
export function ReturnBandBar({
  figures,
  className = '',
  testId,
  minBandPercent = 0,
}: {
  figures: ReturnFigures;
  className?: string;
  testId: string;
  minBandPercent?: number;
}) {
  const { band95, declaredReturn, realisedReturn } = figures;
  if (!band95 || declaredReturn === null || realisedReturn === null) return null;
  const lo = Math.min(band95.low, realisedReturn, declaredReturn);
  const hi = Math.max(band95.high, realisedReturn, declaredReturn);
  const pad = (hi - lo) * 0.15 || 0.01;
  const at = (x: number) => ((x - lo + pad) / (hi - lo + 2 * pad)) * 100;
  return (
    <div aria-hidden="true" className={`relative h-3 w-full rounded-full bg-panel-2 ${className}`} data-testid={testId}>
      <div
        className="absolute inset-y-0 rounded-full bg-accent-cyan/30"
        style={{ left: `${at(band95.low)}%`, width: `${Math.max(minBandPercent, at(band95.high) - at(band95.low))}%` }}
      />
      <div className="absolute inset-y-0 w-0.5 bg-white" style={{ left: `${at(declaredReturn)}%` }} />
      <div
        className={`absolute top-0 size-3 -translate-x-1/2 rounded-full ${figures.alert ? 'bg-red-500' : 'bg-accent-orange'}`}
        style={{ left: `${at(realisedReturn)}%` }}
      />
    </div>
  );
}
