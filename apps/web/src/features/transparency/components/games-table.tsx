import type { TransparencyGames } from '@skinfair/contract';
import { formatMoney } from '../../../shared/format/money';
import { useTransparencyT, type TransparencyMessageId } from '../messages';
import { FigureCells, FigureHeaderCells } from './figure-cells';
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
            <FigureHeaderCells />
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
              <FigureCells figures={g} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
