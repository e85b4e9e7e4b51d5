import type { TransparencyFigures } from '@skinfair/contract';
import type { TransparencyMessageId } from '../messages';

export const percent = (ratio: number | null) => (ratio === null ? '—' : `${(ratio * 100).toFixed(2)}%`);

export const bandText = (band: { low: number; high: number } | null) => (band ? `${percent(band.low)} – ${percent(band.high)}` : '—');

/** The one-word verdict of a row: no plays, too few to judge, inside or outside the band. */
export function statusOf(f: TransparencyFigures): TransparencyMessageId {
  if (f.declaredReturn === null) return f.plays > 0 ? 'tp.status.free' : 'tp.status.none';
  if (f.plays === 0) return 'tp.status.none';
  if (f.alert) return 'tp.status.alert';
  if (f.plays < f.minPlays) return 'tp.status.few';
  return 'tp.status.inBand';
}

/** Seconds as the largest sensible unit, one decimal at most. */
export function durationParts(seconds: number): { id: TransparencyMessageId; n: string } {
  const fmt = (x: number) => String(Math.round(x * 10) / 10);
  if (seconds < 120) return { id: 'tp.seconds', n: fmt(seconds) };
  if (seconds < 7_200) return { id: 'tp.minutes', n: fmt(seconds / 60) };
  return { id: 'tp.hours', n: fmt(seconds / 3_600) };
}
