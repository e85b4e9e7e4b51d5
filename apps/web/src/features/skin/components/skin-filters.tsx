import { useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { CataloguePriceRange, CatalogueSearch, CatalogueSelect, usePriceBounds } from '../../../shared/ui/catalogue-filters';
import { OptionSelect, useDebouncedPatch } from '../../../shared/ui/filter-controls';
import type { SkinFilters as Filters } from '../api/get-skin-page';

const sortLabels: MessageId[] = ['skin.sort.priceDesc', 'skin.sort.priceAsc', 'skin.sort.name'];

const control =
  'rounded-lg border border-line bg-panel-2 px-2 py-1.5 text-sm text-white placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-accent-orange';

/** Name search, type, exterior, grade, a price range in yuan and the order; any change returns to page 1. */
export function SkinFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const t = useT();
  const [text, setText] = useState(filters.name);
  const bounds = usePriceBounds();
  useDebouncedPatch(
    { name: text.trim(), priceMin: bounds.lowFen, priceMax: bounds.highFen },
    { name: filters.name, priceMin: filters.priceMin, priceMax: filters.priceMax },
    (patch) => onChange({ ...filters, ...patch, page: 1 }),
  );

  const set = (key: 'category' | 'exterior' | 'grade') => (value: string) => onChange({ ...filters, [key]: value, page: 1 });

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="skin-filters">
      <CatalogueSearch scope="skin" value={text} onChange={setText} className={`w-full sm:w-56 ${control}`} />
      <CatalogueSelect scope="skin" kind="type" value={filters.category} onChange={set('category')} className={control} />
      <CatalogueSelect scope="skin" kind="exterior" value={filters.exterior} onChange={set('exterior')} className={control} />
      <CatalogueSelect scope="skin" kind="rarity" value={filters.grade} onChange={set('grade')} className={control} />
      <CataloguePriceRange
        scope="skin"
        bounds={bounds}
        className="flex items-center gap-1 text-sm text-slate-300"
        inputClassName={`w-24 ${control}`}
      />
      <OptionSelect
        label={t('skin.filter.sort')}
        className={control}
        value={String(filters.sort)}
        onChange={(value) => onChange({ ...filters, sort: Number(value), page: 1 })}
        options={sortLabels.map((label, sort) => ({ value: String(sort), label: t(label) }))}
      />
    </div>
  );
}
