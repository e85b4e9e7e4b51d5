import type { TransparencyBots } from '@skinfair/contract';
import { formatMoney } from '../../../shared/format/money';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useTransparencyT } from '../messages';
import { percent } from './format';
import { captionClass, tableClass, tdClass, thClass } from './section';

const signed = (fen: number) =>
  fen > 0 ? `+${formatMoney(fen)}` : fen < 0 ? `-${formatMoney(-fen)}` : formatMoney(0);
const oneDecimal = (x: number) => String(Math.round(x * 10) / 10);

export function BotsTable({ data }: { data: TransparencyBots }) {
  const t = useTransparencyT();
  if (!data.bots.some((b) => b.played > 0)) return <EmptyState message={t('tp.bots.empty')} />;
  return (
    <>
      <div className="overflow-x-auto">
        <table className={`${tableClass} min-w-[56rem]`} data-testid="bots-table">
          <caption className={captionClass}>{t('tp.bots.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>
                {t('tp.col.bot')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.played')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.won')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.lost')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.expectedWins')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.stake')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.valueWon')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.net')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.house')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.declared')}
              </th>
              <th scope="col" className={thClass}>
                {t('tp.col.realised')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.bots.map((b) => (
              <tr key={b.botId} data-testid={`bot-${b.botId}`}>
                <th scope="row" className={`${tdClass} font-medium text-white`}>
                  {b.nickname}
                </th>
                <td className={tdClass}>{b.played}</td>
                <td className={tdClass}>{b.won}</td>
                <td className={tdClass}>{b.lost}</td>
                <td className={tdClass}>
                  {oneDecimal(b.expectedWins)}
                  {b.winsBand95
                    ? ` (${oneDecimal(b.winsBand95.low)} – ${oneDecimal(b.winsBand95.high)})`
                    : ''}
                </td>
                <td className={tdClass}>{formatMoney(b.stakeFen)}</td>
                <td className={tdClass}>{formatMoney(b.valueWonFen)}</td>
                <td className={tdClass}>{signed(b.netFen)}</td>
                <td className={tdClass}>{signed(b.houseResultFen)}</td>
                <td className={tdClass}>{percent(b.declaredReturn)}</td>
                <td className={tdClass}>{percent(b.realisedReturn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500">{t('tp.bots.explain')}</p>
    </>
  );
}
