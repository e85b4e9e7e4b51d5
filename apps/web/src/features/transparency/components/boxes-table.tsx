import { Link } from 'react-router';
import type { TransparencyBoxPage } from '@skinfair/contract';
import { formatMoney } from '../../../shared/format/money';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useTransparencyT } from '../messages';
import { BandBar } from './band-bar';
import { bandText, percent, statusOf } from './format';
import { captionClass, tableClass, tdClass, thClass } from './section';

export function BoxesTable({ data, windowLabel }: { data: TransparencyBoxPage; windowLabel: string }) {
  const t = useTransparencyT();
  if (data.totalRows === 0) return <EmptyState message={t('tp.boxes.empty')} />;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass} data-testid="boxes-table">
        <caption className={captionClass}>{t('tp.boxes.caption', { window: windowLabel })}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              {t('tp.col.box')}
            </th>
            <th scope="col" className={thClass}>
              {t('tp.col.price')}
            </th>
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
          </tr>
        </thead>
        <tbody>
          {data.pageData.map((b) => (
            <tr key={b.boxId}>
              <th scope="row" className={`${tdClass} font-medium text-white`}>
                <Link to={`/box/${b.boxId}`} className="hover:underline">
                  {b.name}
                </Link>
              </th>
              <td className={tdClass}>{formatMoney(b.priceFen)}</td>
              <td className={tdClass}>{b.plays}</td>
              <td className={tdClass}>{percent(b.declaredReturn)}</td>
              <td className={`${tdClass} ${b.alert ? 'text-red-400' : 'text-accent-orange'}`}>
                {percent(b.realisedReturn)}
              </td>
              <td className={tdClass}>{bandText(b.band95)}</td>
              <td className={tdClass}>
                <BandBar figures={b} />
              </td>
              <td className={`${tdClass} ${b.alert ? 'text-red-400' : ''}`}>{t(statusOf(b))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
