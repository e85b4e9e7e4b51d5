import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import type { ShopItem } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Dialog } from '../../../shared/ui/dialog';
import { ItemImage } from '../../../shared/ui/item-image';
import { useMoney } from '../../../shared/ui/price';
import { SandboxCreditButton } from '../../../shared/ui/sandbox-credit-button';
import { CouponPicker, useCouponValue } from '../../../shared/ui/coupon-picker';
import { useBuyItem } from '../api/buy-item';

/** Quantity (1..min(10, stock)), the total, then a confirm step before the money is spent. */
export function BuyDialog({ item, onClose }: { item: ShopItem; onClose: () => void }) {
  const t = useT();
  const money = useMoney();
  const buy = useBuyItem();
  const max = Math.max(1, Math.min(10, item.stock));
  const [quantity, setQuantity] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [couponId, setCouponId] = useState<number | null>(null);
  const listTotal = item.price * quantity;
  // A shop coupon (couponType 0) comes off the price, as the server takes it (docs/decisions/0012).
  const total = listTotal - useCouponValue(0, couponId, listTotal);
  const clamp = (n: number) => Math.min(max, Math.max(1, Number.isFinite(n) ? Math.round(n) : 1));

  const submit = () =>
    buy.mutate(
      { id: item.id, quantity, couponId },
      {
        onSuccess: () => {
          toast.success(t('shop.bought', { count: quantity }));
          onClose();
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <Dialog title={t('shop.buyTitle')} onClose={onClose} testId="buy-dialog">
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <ItemImage src={item.giftImage} name={item.giftName} grade={item.grade} className="h-20 w-28" />
          <div>
            <p className="font-semibold text-white">{item.giftName}</p>
            <p className="text-sm text-slate-400">{t('shop.stock', { count: item.stock })}</p>
          </div>
        </div>
        {confirming ? (
          <p className="rounded-lg bg-panel-2 px-4 py-3 text-slate-100" data-testid="buy-confirm-text">
            {t('shop.confirmText', { amount: money(total), count: quantity, name: item.giftName })}
          </p>
        ) : (
          <label className="flex items-center justify-between gap-3 text-sm text-slate-300">
            {t('shop.quantity')}
            <span className="flex items-center gap-2">
              <button
                type="button"
                aria-label={t('shop.decrease')}
                onClick={() => setQuantity((q) => clamp(q - 1))}
                className="size-8 rounded-lg bg-panel-2"
              >
                −
              </button>
              <input
                type="number"
                min={1}
                max={max}
                value={quantity}
                onChange={(e) => setQuantity(clamp(Number(e.target.value)))}
                className="w-16 rounded-lg border border-line bg-panel-2 px-2 py-1 text-center text-white"
              />
              <button
                type="button"
                aria-label={t('shop.increase')}
                onClick={() => setQuantity((q) => clamp(q + 1))}
                className="size-8 rounded-lg bg-panel-2"
              >
                +
              </button>
            </span>
          </label>
        )}
        {confirming ? null : <CouponPicker couponType={0} totalFen={listTotal} value={couponId} onChange={setCouponId} />}
        <div className="flex items-center justify-between">
          <span className="text-sm text-slate-400">{t('shop.total')}</span>
          <span className="flex items-baseline gap-2">
            {total < listTotal ? <span className="text-sm text-slate-500 line-through">{money(listTotal)}</span> : null}
            <span className="text-xl font-bold text-accent-orange" data-testid="buy-total">
              {money(total)}
            </span>
          </span>
        </div>
        <SandboxCreditButton neededFen={total} />
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={confirming ? () => setConfirming(false) : onClose}
            className="rounded-lg border border-line bg-panel-2 px-5 py-2 text-sm text-slate-200"
          >
            {confirming ? t('common.back') : t('common.cancel')}
          </button>
          <button
            type="button"
            disabled={buy.isPending}
            onClick={confirming ? submit : () => setConfirming(true)}
            className="rounded-lg bg-accent-orange px-5 py-2 text-sm font-semibold text-black disabled:opacity-50"
            data-testid={confirming ? 'buy-confirm' : 'buy-next'}
          >
            {confirming ? t('shop.confirmBuy') : t('shop.buy')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
