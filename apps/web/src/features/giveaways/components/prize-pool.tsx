import type { GiveawayPrize } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Price } from '../../../shared/ui/price';
import { ItemFace, type ItemFaceLook } from '../../../shared/ui/item-face';

const prizeLook: ItemFaceLook = {
  image: 'size-16',
  name: 'line-clamp-2 text-xs text-slate-200',
  price: 'text-sm font-semibold text-accent-orange',
};

/**
 * The prizes in draw order (prize k goes to the k-th drawn entry), each with its value and, once drawn, its
 * winner, or `unwonLabel` for one nobody won (returned at the draw, issue 30 §9).
 */
export function PrizePool({
  prizes,
  poolValue,
  unwonLabel = null,
}: {
  prizes: readonly GiveawayPrize[];
  poolValue: number;
  unwonLabel?: string | null;
}) {
  const t = useT();
  const ordered = [...prizes].sort((a, b) => a.position - b.position);
  return (
    <section className="rounded-xl border border-line bg-panel p-4" data-testid="giveaway-prizes">
      <div className="mb-3 flex items-baseline justify-between">
        <h2 className="font-semibold text-white">{t('giveaway.prizePool', { count: ordered.length })}</h2>
        <span className="text-sm text-slate-400">
          {t('giveaway.poolValue')} <Price fen={poolValue} className="font-bold text-accent-orange" />
        </span>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {ordered.map((p) => (
          <li key={p.id} className="flex flex-col items-center gap-1 rounded-lg bg-panel-2 p-2 text-center" data-testid="giveaway-prize">
            <ItemFace image={p.giftImage} name={p.giftName} grade={p.grade} fen={p.recoveryPrice} look={prizeLook} />
            {p.winnerInfo ? (
              <span className="truncate text-xs text-emerald-400" data-testid="giveaway-prize-winner">
                {t('giveaway.prizeWinner', { name: p.winnerInfo.nickname, entry: p.winnerEntryNo ?? '—' })}
              </span>
            ) : unwonLabel ? (
              <span className="text-xs text-slate-400" data-testid="giveaway-prize-unwon">
                {unwonLabel}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
