import type { GiveawayWinner } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';

/** After the draw: each winner, their entry number, and the prizes they won. */
export function Winners({ winners, meId }: { winners: readonly GiveawayWinner[]; meId: number | null }) {
  const t = useT();
  return (
    <section className="rounded-xl border border-emerald-500/30 bg-panel p-4" data-testid="giveaway-winners">
      <h2 className="mb-3 font-semibold text-white">{t('giveaway.winners', { count: winners.length })}</h2>
      {winners.length === 0 ? <p className="text-sm text-slate-400">{t('giveaway.noWinners')}</p> : null}
      <ul className="flex flex-col gap-2">
        {winners.map((w) => (
          <li
            key={w.entryNo}
            className={`flex flex-wrap items-center gap-3 rounded-lg p-2 ${w.id === meId ? 'bg-emerald-500/15' : 'bg-panel-2'}`}
            data-testid="giveaway-winner"
          >
            <Avatar src={w.headPic} name={w.nickname} className="size-8" />
            <span className="text-sm text-white">{w.nickname}</span>
            <span className="font-mono text-xs text-slate-400">#{w.entryNo}</span>
            {w.id === meId ? <span className="text-xs font-semibold text-emerald-400">{t('giveaway.youWon')}</span> : null}
            <ul className="ml-auto flex flex-wrap gap-2">
              {w.giftVos.map((g) => (
                <li key={g.id} className="flex items-center gap-1 text-xs text-slate-300">
                  <ItemImage src={g.giftImage} name={g.giftName} grade={g.grade} className="size-8" />
                  <span>{g.giftName}</span>
                  <Price fen={g.recoveryPrice} className="text-accent-orange" />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
