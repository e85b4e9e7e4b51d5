import { useState } from 'react';
import { shopCategories } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { SearchBox, useDebouncedPatch } from '../../../shared/ui/filter-controls';
import { Segmented } from '../../../shared/ui/segmented';
import type { ShopCategory, ShopFilters, ShopSort } from '../shop-params';

const categoryLabels: Record<ShopCategory, MessageId> = {
  dagger: 'shop.cat.dagger',
  awp: 'shop.cat.awp',
  m4: 'shop.cat.m4',
  ak: 'shop.cat.ak',
  pistol: 'shop.cat.pistol',
};

/** Sort, category chips and the name search (debounced); any change returns to page 1. */
export function ShopFiltersBar({ filters, onChange }: { filters: ShopFilters; onChange: (next: ShopFilters) => void }) {
  const t = useT();
  const [text, setText] = useState(filters.name);
  useDebouncedPatch({ name: text }, { name: filters.name }, (patch) => onChange({ ...filters, ...patch, page: 1 }));

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented<ShopCategory | 'all'>
          label={t('shop.category')}
          options={[{ value: 'all', label: t('shop.cat.all') }, ...shopCategories.map((c) => ({ value: c, label: t(categoryLabels[c]) }))]}
          value={filters.category ?? 'all'}
          onChange={(value) => onChange({ ...filters, category: value === 'all' ? null : value, page: 1 })}
          testId="shop-categories"
        />
        <SearchBox
          value={text}
          onChange={setText}
          placeholder={t('shop.searchPlaceholder')}
          label={t('shop.search')}
          className="w-full rounded-lg border border-line bg-panel-2 px-3 py-2 text-sm text-white placeholder:text-slate-500 sm:w-64"
        />
      </div>
      <Segmented<ShopSort>
        label={t('shop.sort')}
        size="sm"
        options={[
          { value: 0, label: t('shop.sort.default') },
          { value: 1, label: t('shop.sort.priceDesc') },
          { value: 2, label: t('shop.sort.priceAsc') },
        ]}
        value={filters.sort}
        onChange={(sort) => onChange({ ...filters, sort, page: 1 })}
        testId="shop-sort"
      />
    </div>
  );
}
