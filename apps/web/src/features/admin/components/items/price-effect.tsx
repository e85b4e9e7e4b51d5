import { useMemo } from 'react';
import { formatFen, type ItemPriceEffect } from '@skinfair/contract';
import { useItemsT } from '../../i18n/items-messages';
import { DataTable, type AdminColumn } from '../data-table';
import { percent, signedPercent } from './shared';

type BoxEffect = ItemPriceEffect['boxes'][number];

/**
 * What a price edit would do (decision 0051), shown before the operator confirms it: the recovery and shop
 * prices, what a copy sells back for, the refusal when the shop would charge less than the sell-back (with
 * the suggested shop price), and every enabled box whose return moves, flagged above the ceiling.
 */
export function PriceEffect({ effect, onUseSuggested }: { effect: ItemPriceEffect; onUseSuggested: (fen: number) => void }) {
  const t = useItemsT();
  const columns = useMemo<Array<AdminColumn<BoxEffect>>>(
    () => [
      { header: t('items.effect.col.box'), cell: ({ row }) => `${row.original.boxId} ${row.original.name}` },
      { header: t('items.effect.col.price'), cell: ({ row }) => formatFen(row.original.priceFen) },
      { header: t('items.effect.col.declared'), cell: ({ row }) => percent(row.original.declaredBp) },
      {
        header: t('items.effect.col.live'),
        cell: ({ row }) => (
          <span className={row.original.aboveCeiling ? 'font-semibold text-red-400' : undefined}>
            {`${percent(row.original.liveBeforeBp)} → ${percent(row.original.liveAfterBp)}`}
            {row.original.aboveCeiling ? ` (${t('items.effect.aboveCeiling', { ceiling: percent(row.original.ceilingBp) })})` : ''}
          </span>
        ),
      },
      { header: t('items.effect.col.change'), cell: ({ row }) => signedPercent(row.original.liveAfterBp - row.original.liveBeforeBp) },
    ],
    [t],
  );
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
          <DataTable caption={t('items.effect.boxes', { n: moved.length })} columns={columns} data={effect.boxes} empty="" />
          <p className="text-xs text-slate-400">{t('items.effect.ceilingNote')}</p>
        </>
      )}
    </section>
  );
}
