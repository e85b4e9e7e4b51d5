import type { TransparencyBots } from '@skinfair/contract';
import { formatMoney } from '../../../shared/format/money';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useTransparencyT } from '../messages';
import { percent } from './format';
import { captionClass, ColumnHeaders, tableClass, tdClass } from './section';

const signed = (fen: number) => (fen > 0 ? `+${formatMoney(fen)}` : fen < 0 ? `-${formatMoney(-fen)}` : formatMoney(0));
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
              <ColumnHeaders
                ids={[
                  'tp.col.bot',
                  'tp.col.played',
                  'tp.col.won',
                  'tp.col.lost',
                  'tp.col.expectedWins',
                  'tp.col.stake',
                  'tp.col.valueWon',
                  'tp.col.net',
                  'tp.col.house',
                  'tp.col.declared',
                  'tp.col.realised',
                ]}
              />
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
                  {b.winsBand95 ? ` (${oneDecimal(b.winsBand95.low)} – ${oneDecimal(b.winsBand95.high)})` : ''}
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
