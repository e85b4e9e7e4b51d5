import { useMemo, useState } from 'react';
import { formatFen, parseYuanToFen, type AdminCatalogItem } from '@skinfair/contract';
import { useItemsT, type ItemsMessageId } from '../../i18n/items-messages';
import { useCatalog, type CatalogFilters } from '../../api/items';
import { type AdminColumn } from '../data-table';
import { FilterBar, SearchFilter, SelectFilter } from '../filter-bar';
import { PagedTable } from '../paged-table';
import { smallButtonClass } from '../styles';
import { useListFilters } from '../use-list-filters';
import { ItemDetailPanel } from './item-detail-panel';
import { YuanInput } from './shared';

const CATEGORIES = ['knife', 'gloves', 'rifle', 'sniper', 'pistol', 'smg', 'shotgun', 'machinegun', 'equipment'] as const;
const RARITIES = ['consumer', 'industrial', 'milspec', 'restricted', 'classified', 'covert', 'contraband'] as const;
const categoryLabel = (c: string) => `items.category.${c}` as ItemsMessageId;
const rarityLabel = (r: string) => `items.rarity.${r}` as ItemsMessageId;

/** The catalogue: filters, the list, one item with its price history and, with items.write, its price. */
export function CatalogueTab({ canWrite }: { canWrite: boolean }) {
  const t = useItemsT();
  const { filters, set, setPage } = useListFilters<CatalogFilters>({
    search: '',
    category: '',
    weapon: '',
    rarity: '',
    inShop: -1,
    priceMinFen: '',
    priceMaxFen: '',
    page: 1,
  });
  const [minText, setMinText] = useState('');
  const [maxText, setMaxText] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const list = useCatalog(filters);
  const columns = useMemo<Array<AdminColumn<AdminCatalogItem>>>(
    () => [
      { header: t('items.col.id'), accessorKey: 'id' },
      {
        header: t('items.col.name'),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span>{row.original.name}</span>
            <span className="text-xs text-slate-400">{row.original.marketHashName}</span>
          </span>
        ),
      },
      { header: t('items.col.category'), cell: ({ row }) => t(categoryLabel(row.original.category)) },
      { header: t('items.col.rarity'), cell: ({ row }) => t(rarityLabel(row.original.rarity)) },
      { header: t('items.col.reference'), cell: ({ row }) => formatFen(row.original.referencePriceFen) },
      { header: t('items.col.recovery'), cell: ({ row }) => formatFen(row.original.recoveryPriceFen) },
      {
        header: t('items.col.shop'),
        cell: ({ row }) => (row.original.inShop ? t('items.yes') : t('items.no')),
      },
      {
        header: t('items.col.actions'),
        cell: ({ row }) => (
          <button type="button" className={smallButtonClass} onClick={() => setOpen(row.original.id)}>
            {t('items.view')}
          </button>
        ),
      },
    ],
    [t],
  );
  /** A price bound filters once it is an amount (or empty); a half-typed one waits. */
  const bound = (text: string, key: 'priceMinFen' | 'priceMaxFen') => {
    if (text === '') set({ [key]: '' });
    else {
      const fen = parseYuanToFen(text);
      if (fen !== null) set({ [key]: fen });
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <FilterBar>
        <SearchFilter label={t('items.search')} value={filters.search} onChange={(search) => set({ search })} maxLength={80} wide />
        <SelectFilter
          label={t('items.category')}
          value={filters.category}
          options={[
            { value: '', label: t('items.category.all') },
            ...CATEGORIES.map((c) => ({ value: c as string, label: t(categoryLabel(c)) })),
          ]}
          onChange={(category) => set({ category })}
        />
        <SearchFilter label={t('items.weapon')} value={filters.weapon} onChange={(weapon) => set({ weapon })} maxLength={40} />
        <SelectFilter
          label={t('items.rarity')}
          value={filters.rarity}
          options={[
            { value: '', label: t('items.rarity.all') },
            ...RARITIES.map((r) => ({ value: r as string, label: t(rarityLabel(r)) })),
          ]}
          onChange={(rarity) => set({ rarity })}
        />
        <SelectFilter
          label={t('items.inShop')}
          value={filters.inShop}
          options={[
            { value: -1, label: t('items.inShop.all') },
            { value: 1, label: t('items.inShop.yes') },
            { value: 0, label: t('items.inShop.no') },
          ]}
          onChange={(inShop) => set({ inShop })}
        />
        <YuanInput
          label={t('items.priceMin')}
          value={minText}
          onChange={(text) => {
            setMinText(text);
            bound(text, 'priceMinFen');
          }}
        />
        <YuanInput
          label={t('items.priceMax')}
          value={maxText}
          onChange={(text) => {
            setMaxText(text);
            bound(text, 'priceMaxFen');
          }}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption={t('items.tab.catalogue')}
        columns={columns}
        empty={t('items.empty')}
        onPage={setPage}
        total={(n) => t('items.total', { n })}
      />
      {open !== null ? <ItemDetailPanel id={open} onClose={() => setOpen(null)} canWrite={canWrite} /> : null}
    </div>
  );
}
