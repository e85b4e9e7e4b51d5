import type { TransparencyFigures } from '@skinfair/contract';
import { useTransparencyT } from '../messages';
import { ReturnBandBar } from '../../../shared/ui/return-band-bar';
import { bandText, percent, statusOf } from './format';
import { ColumnHeaders, tdClass } from './section';

/**
 * The columns every return table ends with: plays, declared, realised, the 95 % band, its bar, the status.
 * The boxes table names its declared column 当前期望回报率: a box's is at today's recovery prices (decision 0061).
 */
export function FigureHeaderCells({ declaredId = 'tp.col.declared' }: { declaredId?: 'tp.col.declared' | 'tp.col.liveExpected' }) {
  return (
    <ColumnHeaders
      ids={['tp.col.plays', declaredId, 'tp.col.realised', 'tp.col.band', 'tp.col.chart', 'tp.col.status']}
      wide={['tp.col.chart']}
    />
  );
}

export function FigureCells({ figures }: { figures: TransparencyFigures & { plays: number } }) {
  const t = useTransparencyT();
  return (
    <>
      <td className={tdClass}>{figures.plays}</td>
      <td className={tdClass}>{percent(figures.declaredReturn)}</td>
      <td className={`${tdClass} ${figures.alert ? 'text-red-400' : 'text-accent-orange'}`}>{percent(figures.realisedReturn)}</td>
      <td className={tdClass}>{bandText(figures.band95)}</td>
      <td className={tdClass}>
        <ReturnBandBar figures={figures} className="min-w-24" testId="band-bar" minBandPercent={0.5} />
      </td>
      <td className={`${tdClass} ${figures.alert ? 'text-red-400' : ''}`}>{t(statusOf(figures))}</td>
    </>
  );
}
