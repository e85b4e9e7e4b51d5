import type { TransparencyGames } from '@skinfair/contract';
import { formatMoney } from '../../../shared/format/money';
import { useTransparencyT, type TransparencyMessageId } from '../messages';
import { BandBar } from './band-bar';
import { bandText, percent, statusOf } from './format';
import { captionClass, tableClass, tdClass, thClass } from './section';

const gameName: Record<string, TransparencyMessageId> = {
  box: 'tp.game.box',
  battle: 'tp.game.battle',
  dream: 'tp.game.dream',
};

export function GamesTable({ data, windowLabel }: { data: TransparencyGames; windowLabel: string }) {
  const t = useTransparencyT();
  return (
    <div className="overflow-x-auto">
      <table className={tableClass} data-testid="games-table">
        <caption className={captionClass}>{t('tp.games.caption', { window: windowLabel })}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              {t('tp.col.game')}
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
          {data.games.map((g) => (
            <tr key={g.game} data-testid={`game-${g.game}`}>
              <th scope="row" className={`${tdClass} font-medium text-white`}>
                {t(gameName[g.game]!)}
                <span className="block text-xs font-normal text-slate-500">
                  {formatMoney(g.wonFen)} / {formatMoney(g.stakeFen)}
                </span>
              </th>
              <td className={tdClass}>{g.plays}</td>
              <td className={tdClass}>{percent(g.declaredReturn)}</td>
              <td className={`${tdClass} ${g.alert ? 'text-red-400' : 'text-accent-orange'}`}>
                {percent(g.realisedReturn)}
              </td>
              <td className={tdClass}>{bandText(g.band95)}</td>
              <td className={tdClass}>
                <BandBar figures={g} />
              </td>
              <td className={`${tdClass} ${g.alert ? 'text-red-400' : ''}`}>{t(statusOf(g))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
