import { Link } from 'react-router';
import type { TransparencyBoxPage } from '@skinfair/contract';
import { formatMoney } from '../../../shared/format/money';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useTransparencyT } from '../messages';
import { FigureCells, FigureHeaderCells } from './figure-cells';
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
            <FigureHeaderCells declaredId="tp.col.liveExpected" />
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
              <FigureCells figures={b} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
