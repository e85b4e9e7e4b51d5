import { formatFen, type ItemPriceEffect } from '@skinfair/contract';
import { useItemsT } from '../../i18n/items-messages';
import { percent, signedPercent } from './shared';

/**
 * What a price edit would do (decision 0051), shown before the operator confirms it: the recovery and shop
 * prices, what a copy sells back for, the refusal when the shop would charge less than the sell-back (with
 * the suggested shop price), and every enabled box whose return moves, flagged above the ceiling.
 */
export function PriceEffect({ effect, onUseSuggested }: { effect: ItemPriceEffect; onUseSuggested: (fen: number) => void }) {
  const t = useItemsT();
  const moved = effect.boxes.filter((b) => b.liveAfterBp !== b.liveBeforeBp);
  return (
    <section aria-label={t('items.effect.title')} className="flex flex-col gap-2 rounded border border-line p-3 text-sm">
      <h3 className="font-semibold">{t('items.effect.title')}</h3>
      <p>{t('items.effect.recovery', { old: formatFen(effect.oldRecoveryFen), new: formatFen(effect.newRecoveryFen) })}</p>
      <p>
        {effect.shop
          ? t('items.effect.shop', { old: formatFen(effect.shop.oldPriceFen), new: formatFen(effect.shop.newPriceFen) })
          : t('items.effect.notInShop')}
      </p>
      <p>{t('items.effect.sellBack', { old: formatFen(effect.sellBack.oldFen), new: formatFen(effect.sellBack.newFen) })}</p>
      {effect.breaksInvariant && effect.shop ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded border border-red-500/60 bg-red-500/10 p-2 text-red-300">
          <p>{t('items.effect.breaks', { recovery: formatFen(effect.newRecoveryFen), shop: formatFen(effect.shop.newPriceFen) })}</p>
          <button
            type="button"
            className="rounded border border-red-400 px-2 py-1 text-xs text-red-200"
            onClick={() => onUseSuggested(effect.shop!.suggestedPriceFen)}
          >
            {t('items.effect.useSuggested', { price: formatFen(effect.shop.suggestedPriceFen) })}
          </button>
        </div>
      ) : null}
      {effect.boxes.length === 0 ? (
        <p className="text-slate-400">{t('items.effect.noBoxes')}</p>
      ) : (
        <>
          <p className={moved.some((b) => b.aboveCeiling) ? 'font-semibold text-red-400' : 'text-amber-300'}>
            {t('items.effect.boxes', { n: moved.length })}
          </p>
          {/* A list, not a table: the dialog is narrow, and each box reads as one sentence. */}
          <ul aria-label={t('items.effect.boxes', { n: moved.length })} className="flex max-h-56 flex-col gap-1 overflow-y-auto">
            {effect.boxes.map((b) => (
              <li key={b.boxId} className={b.aboveCeiling ? 'font-semibold text-red-400' : 'text-slate-200'}>
                {t('items.effect.box', {
                  box: `${b.boxId} ${b.name}`,
                  price: formatFen(b.priceFen),
                  declared: percent(b.declaredBp),
                  before: percent(b.liveBeforeBp),
                  after: percent(b.liveAfterBp),
                  change: signedPercent(b.liveAfterBp - b.liveBeforeBp),
                })}
                {b.aboveCeiling ? ` (${t('items.effect.aboveCeiling', { ceiling: percent(b.ceilingBp) })})` : ''}
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-400">{t('items.effect.ceilingNote')}</p>
        </>
      )}
    </section>
  );
}
