import type { ShopItem } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { gradeColour, ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';

export function ShopCard({ item, onBuy }: { item: ShopItem; onBuy?: (item: ShopItem) => void }) {
  const t = useT();
  const colour = gradeColour(item.grade);
  return (
    <li
      data-testid="shop-item"
      data-item-id={item.id}
      className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-3"
      style={{ borderBottomColor: colour, borderBottomWidth: 3 }}
    >
      <ItemImage src={item.giftImage} name={item.giftName} grade={item.grade} className="h-24 w-full" />
      <p className="line-clamp-2 min-h-[2.5rem] text-sm" style={{ color: colour }} title={item.giftName}>
        {item.giftName}
      </p>
      <div className="flex items-center justify-between text-xs">
        <Price fen={item.price} className="text-base font-bold text-accent-orange" />
        <span className={item.stock > 0 ? 'text-slate-400' : 'text-accent-red'}>
          {item.stock > 0 ? t('shop.stock', { count: item.stock }) : t('shop.soldOut')}
        </span>
      </div>
      {onBuy ? (
        <button
          type="button"
          disabled={item.stock <= 0}
          onClick={() => onBuy(item)}
          className="rounded-lg bg-accent-orange px-3 py-1.5 text-sm font-semibold text-black hover:brightness-110 disabled:opacity-40"
          data-testid="shop-buy"
        >
          {t('shop.buy')}
        </button>
      ) : null}
    </li>
  );
}
