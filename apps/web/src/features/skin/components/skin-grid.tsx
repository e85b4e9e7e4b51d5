import type { Skin } from '@skinfair/contract';
import { openSkin } from '../../../shared/stores/skin-overlay-store';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';

/** One tile per item; a tile opens the item in the skin overlay. */
export function SkinGrid({ skins }: { skins: readonly Skin[] }) {
  const t = useT();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6" data-testid="skin-grid">
      {skins.map((skin) => (
        <li key={skin.id}>
          <button
            type="button"
            onClick={() => openSkin(skin.id)}
            data-testid="skin-tile"
            data-item-id={skin.id}
            className="flex w-full flex-col gap-1 rounded-lg border border-line bg-panel-2 p-2 text-start hover:brightness-125 focus-visible:outline-2 focus-visible:outline-accent-orange"
            style={{ borderTopColor: skin.rarityColor, borderTopWidth: 3 }}
          >
            <ItemImage src={skin.image} name={skin.name} grade={skin.grade} className="h-24 w-full" />
            <span className="line-clamp-2 min-h-8 text-xs text-slate-100">{skin.name}</span>
            <span className="flex items-center justify-between gap-1 text-xs">
              <Price fen={skin.referencePrice} className="font-semibold text-accent-orange" />
              {skin.exterior ? <span className="truncate text-slate-300">{t(`dream.ext.${skin.exterior}` as MessageId)}</span> : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
