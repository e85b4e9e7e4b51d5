import { useState } from 'react';
import { formatFen, parseYuanToFen, recoveryPriceOf, type AdminCatalogItem } from '@skinfair/contract';
import { toastResult } from '../toast-result';
import { useItemsT } from '../../i18n/items-messages';
import { usePriceEffect, useSetItemPrice } from '../../api/items';
import { ReasonDialog } from '../reason-dialog';
import { AmountField, percent } from './shared';
import { PriceEffect } from './price-effect';
import { BoxReturnWarning, useMovesConfirm } from './box-return-warning';

/**
 * An item's new reference price with a reason (items.write). When the shop lists the item, its shop price
 * may change in the same edit; the effect is fetched as the operator types, and an edit that would let the
 * sell-back pass the shop price cannot be confirmed (the server refuses it too: decision 0051), nor one that
 * pushes a box's live return above the ceiling; one that moves a box's live return by more than the set
 * amount needs its own confirm (decision 0061).
 */
export function PriceEditDialog({ item, rateBp, onClose }: { item: AdminCatalogItem; rateBp: number | undefined; onClose: () => void }) {
  const t = useItemsT();
  const setPrice = useSetItemPrice();
  const [priceText, setPriceText] = useState(formatFen(item.referencePriceFen));
  const [shopText, setShopText] = useState('');
  const priceFen = parseYuanToFen(priceText);
  const shopPriceFen = shopText === '' ? undefined : parseYuanToFen(shopText);
  const effect = usePriceEffect({ id: item.id, priceFen, shopPriceFen: shopPriceFen ?? undefined });
  const current = effect.data && !effect.isPlaceholderData ? effect.data : undefined;
  const moves = useMovesConfirm(current?.boxes);
  const ready =
    priceFen !== null && priceFen > 0 && shopPriceFen !== null && current !== undefined && !current.breaksInvariant && moves.ready;
  return (
    <ReasonDialog
      title={t('items.editPrice.title', { name: item.name })}
      confirmLabel={t('items.editPrice')}
      busy={setPrice.isPending}
      ready={ready}
      onClose={onClose}
      onConfirm={(reason) => {
        if (priceFen === null || shopPriceFen === null) return;
        setPrice.mutate(
          { id: item.id, priceFen, ...(shopPriceFen !== undefined ? { shopPriceFen } : {}), reason },
          toastResult(t('items.editPrice.done'), onClose),
        );
      }}
    >
      <AmountField label={t('items.editPrice.field')} value={priceText} onChange={setPriceText} />
      {priceFen === null ? (
        <p role="alert" className="text-xs text-red-400">
          {t('items.badPrice')}
        </p>
      ) : rateBp !== undefined ? (
        <p className="text-xs text-slate-400">
          {t('items.editPrice.recovery', { rate: percent(rateBp), price: formatFen(recoveryPriceOf(priceFen, rateBp)) })}
        </p>
      ) : null}
      {item.inShop ? <AmountField label={t('items.effect.shopField')} value={shopText} onChange={setShopText} /> : null}
      {shopPriceFen === null ? (
        <p role="alert" className="text-xs text-red-400">
          {t('items.badPrice')}
        </p>
      ) : null}
      {effect.data ? (
        <>
          <PriceEffect effect={effect.data} onUseSuggested={(fen) => setShopText(formatFen(fen))} />
          {current ? (
            <BoxReturnWarning
              boxes={current.boxes}
              warnMoveBp={current.warnMoveBp}
              confirmed={moves.confirmed}
              onConfirmedChange={moves.onConfirmedChange}
            />
          ) : null}
        </>
      ) : priceFen !== null ? (
        <p className="text-xs text-slate-400">{t('items.effect.loading')}</p>
      ) : null}
    </ReasonDialog>
  );
}
