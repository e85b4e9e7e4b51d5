import { GIVEAWAY_MAX_PRIZES, type Ornament } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { Price } from '../../../shared/ui/price';
import { ItemFace, type ItemFaceLook } from '../../../shared/ui/item-face';

const pickLook: ItemFaceLook = { image: 'size-12', name: 'line-clamp-2 text-[11px] text-slate-200', price: 'text-xs text-accent-orange' };

/** Multi-select of backpack items (at most GIVEAWAY_MAX_PRIZES), with the count and the total value. */
export function ItemPicker({
  items,
  selected,
  onChange,
}: {
  items: readonly Ornament[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useT();
  const chosen = new Set(selected);
  const total = items.filter((i) => chosen.has(i.id)).reduce((sum, i) => sum + i.recoveryPrice, 0);
  const full = selected.length >= GIVEAWAY_MAX_PRIZES;
  const toggle = (id: number) => onChange(chosen.has(id) ? selected.filter((x) => x !== id) : full ? [...selected] : [...selected, id]);
  return (
    <div className="flex flex-col gap-2" data-testid="giveaway-item-picker">
      <p className="text-sm text-slate-300" data-testid="giveaway-picked">
        {t('giveaway.create.picked', { count: selected.length, max: GIVEAWAY_MAX_PRIZES })}{' '}
        <Price fen={total} className="font-bold text-accent-orange" />
      </p>
      <ul className="grid max-h-96 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-5 lg:grid-cols-8">
        {items.map((item) => {
          const on = chosen.has(item.id);
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => toggle(item.id)}
                data-testid="giveaway-pick"
                className={`flex w-full flex-col items-center gap-1 rounded-lg border p-2 text-center disabled:opacity-40 ${on ? 'border-accent-orange bg-accent-orange/10' : 'border-line bg-panel-2'}`}
              >
                <ItemFace image={item.giftImage} name={item.giftName} grade={item.grade} fen={item.recoveryPrice} look={pickLook} />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
