import { useState } from 'react';
import { Link } from 'react-router';
import type { BattleResults } from '@skinfair/contract';
import { useExchangeItems } from '../../../shared/api/exchange-items';
import { useT } from '../../../shared/i18n/use-t';
import { Price, useMoney } from '../../../shared/ui/price';
import { toast } from '../../../shared/ui/toast';
import { ItemFace, type ItemFaceLook } from '../../../shared/ui/item-face';

const wonLook: ItemFaceLook = { image: 'h-14 w-20', name: 'line-clamp-1 text-slate-200', price: 'text-accent-orange' };

type Roll = BattleResults['rolls'][number];

/**
 * The winner's haul, once every round has landed: every item is already in the backpack (settlement put
 * it there); each can be swapped for credit here, one by one or all at once, like an opening's result.
 * The server decides whether an item is still swappable (sold or withdrawn elsewhere is refused).
 */
export function WonItems({ rolls }: { rolls: readonly Roll[] }) {
  const t = useT();
  const money = useMoney();
  const exchange = useExchangeItems();
  const [sold, setSold] = useState<ReadonlySet<number>>(new Set());
  const items = rolls.filter((r): r is Roll & { voucherId: number } => r.voucherId !== null);
  if (items.length === 0) return null;
  const unsold = items.filter((r) => !sold.has(r.voucherId));
  const total = items.reduce((sum, r) => sum + r.giftPrice, 0);

  const sell = (chosen: readonly (Roll & { voucherId: number })[]) =>
    exchange.mutate(
      chosen.map((r) => r.voucherId),
      {
        onSuccess: (answer) => {
          setSold((now) => new Set([...now, ...chosen.map((r) => r.voucherId)]));
          toast.success(t('battle.won.sold', { amount: money(answer.amount) }));
        },
      },
    );

  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-accent-orange/60 bg-accent-orange/5 p-4"
      data-testid="won-items"
      aria-labelledby="battle-won-title"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="battle-won-title" className="font-semibold text-white">
          {t('battle.won.title', { count: items.length })}
        </h2>
        <Price fen={total} className="text-lg font-bold text-accent-orange" />
        <span className="ml-auto flex gap-2">
          {unsold.length > 1 ? (
            <button
              type="button"
              onClick={() => sell(unsold)}
              disabled={exchange.isPending}
              className="rounded-lg bg-accent-orange px-3 py-1.5 text-sm font-semibold text-black hover:brightness-110 disabled:opacity-50"
              data-testid="won-sell-all"
            >
              {t('battle.won.sellAll', { count: unsold.length })}
            </button>
          ) : null}
          <Link to="/personal/bag" className="rounded-lg border border-line px-3 py-1.5 text-sm text-slate-200 hover:text-white">
            {t('battle.won.backpack')}
          </Link>
        </span>
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {items.map((roll) => {
          const done = sold.has(roll.voucherId);
          return (
            <li
              key={roll.voucherId}
              className="flex flex-col items-center gap-1 rounded-lg bg-panel p-2 text-xs"
              data-testid="won-item"
              data-state={done ? 'sold' : 'kept'}
            >
              <ItemFace image={roll.giftImage} name={roll.giftName} grade={roll.giftGrade} fen={roll.giftPrice} look={wonLook} />
              {done ? (
                <span className="text-slate-400">{t('battle.won.soldState')}</span>
              ) : (
                <button
                  type="button"
                  onClick={() => sell([roll])}
                  disabled={exchange.isPending}
                  className="rounded bg-panel-2 px-2 py-1 text-slate-200 hover:text-white disabled:opacity-50"
                  data-testid="won-sell"
                >
                  {t('battle.won.sell')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
