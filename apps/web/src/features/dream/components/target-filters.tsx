import { useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { CataloguePriceRange, CatalogueSearch, CatalogueSelect, usePriceBounds } from '../../../shared/ui/catalogue-filters';
import { useDebouncedPatch } from '../../../shared/ui/filter-controls';
import type { DreamTargetFilters } from '../api/get-dream-targets';

const select =
  'rounded-lg border border-line bg-panel-2 px-2 py-1.5 text-sm text-white focus:outline-none focus:ring-2 focus:ring-accent-orange';
const priceInput = 'w-20 rounded-lg border border-line bg-panel-2 px-2 py-1.5 text-sm text-white placeholder:text-slate-500';

/** Name search, exterior, rarity, type, a price range (yuan) and the price order; any change returns to page 1. */
export function TargetFilters({ filters, onChange }: { filters: DreamTargetFilters; onChange: (next: DreamTargetFilters) => void }) {
  const t = useT();
  const [text, setText] = useState(filters.giftName);
  const bounds = usePriceBounds();
  useDebouncedPatch(
    { giftName: text.trim(), priceStart: bounds.lowFen, priceEnd: bounds.highFen },
    { giftName: filters.giftName, priceStart: filters.priceStart, priceEnd: filters.priceEnd },
    (patch) => onChange({ ...filters, ...patch, page: 1 }),
  );

  const set = (key: 'exterior' | 'rarity' | 'type') => (value: string) => onChange({ ...filters, [key]: value, page: 1 });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="dream-filters">
      <CatalogueSearch
        scope="dream"
        value={text}
        onChange={setText}
        className="w-full rounded-lg border border-line bg-panel-2 px-3 py-1.5 text-sm text-white placeholder:text-slate-500 sm:w-48"
      />
      <CatalogueSelect scope="dream" kind="exterior" value={filters.exterior} onChange={set('exterior')} className={select} />
      <CatalogueSelect scope="dream" kind="rarity" value={filters.rarity} onChange={set('rarity')} className={select} />
      <CatalogueSelect scope="dream" kind="type" value={filters.type} onChange={set('type')} className={select} />
      <CataloguePriceRange
        scope="dream"
        bounds={bounds}
        className="flex items-center gap-1 text-sm text-slate-400"
        inputClassName={priceInput}
      />
      <button
        type="button"
        className="rounded-lg border border-line bg-panel-2 px-3 py-1.5 text-sm text-slate-200 hover:text-white"
        onClick={() => onChange({ ...filters, orderByPrice: filters.orderByPrice === 'asc' ? 'desc' : 'asc', page: 1 })}
        data-testid="dream-sort"
      >
        {t(filters.orderByPrice === 'asc' ? 'dream.filter.priceAsc' : 'dream.filter.priceDesc')}
      </button>
    </div>
  );
}
