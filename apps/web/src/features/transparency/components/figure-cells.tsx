import type { TransparencyFigures } from '@skinfair/contract';
import { useTransparencyT } from '../messages';
import { BandBar } from './band-bar';
import { bandText, percent, statusOf } from './format';
import { tdClass, thClass } from './section';

/** The columns every return table ends with: plays, declared, realised, the 95 % band, its bar, the status. */
export function FigureHeaderCells() {
  const t = useTransparencyT();
  return (
    <>
      <th scope="col" className={thClass}>
        {t('tp.col.plays')}
      </th>
      <th scope="col" className={thClass}>
        {t('tp.col.declared')}
      </th>
      <th scope="col" className={thClass}>
        {t('tp.col.realised')}
      </th>
      <th scope="col" className={thClass}>
        {t('tp.col.band')}
      </th>
      <th scope="col" className={`${thClass} w-40`}>
        {t('tp.col.chart')}
      </th>
      <th scope="col" className={thClass}>
        {t('tp.col.status')}
      </th>
    </>
  );
}

export function FigureCells({ figures }: { figures: TransparencyFigures & { plays: number } }) {
  const t = useTransparencyT();
  return (
    <>
      <td className={tdClass}>{figures.plays}</td>
      <td className={tdClass}>{percent(figures.declaredReturn)}</td>
      <td className={`${tdClass} ${figures.alert ? 'text-red-400' : 'text-accent-orange'}`}>
        {percent(figures.realisedReturn)}
      </td>
      <td className={tdClass}>{bandText(figures.band95)}</td>
      <td className={tdClass}>
        <BandBar figures={figures} />
      </td>
      <td className={`${tdClass} ${figures.alert ? 'text-red-400' : ''}`}>{t(statusOf(figures))}</td>
    </>
  );
}
