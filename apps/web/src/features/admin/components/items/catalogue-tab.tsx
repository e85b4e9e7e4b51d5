import { useMemo, useState } from 'react';
import { formatFen, parseYuanToFen, type AdminCatalogItem } from '@skinfair/contract';
import { useItemsT, type ItemsMessageId } from '../../i18n/items-messages';
import { useCatalog } from '../../api/items';
import { type AdminColumn } from '../data-table';
import { onOffOptions, withAll } from '../select-options';
import { smallButtonClass } from '../styles';
import { ListView, useListPage } from '../list-view';
import { ItemDetailPanel } from './item-detail-panel';
import { YuanInput } from './shared';

const CATEGORIES = ['knife', 'gloves', 'rifle', 'sniper', 'pistol', 'smg', 'shotgun', 'machinegun', 'equipment'] as const;
const RARITIES = ['consumer', 'industrial', 'milspec', 'restricted', 'classified', 'covert', 'contraband'] as const;
const categoryLabel = (c: string) => `items.category.${c}` as ItemsMessageId;
const rarityLabel = (r: string) => `items.rarity.${r}` as ItemsMessageId;

/** A price bound of the filter: it filters once the text is an amount (or empty); a half-typed one waits. */
function PriceBound({ label, onBound }: { label: string; onBound: (fen: number | '') => void }) {
  const [text, setText] = useState('');
  const change = (next: string) => {
    setText(next);
    const fen = next === '' ? '' : parseYuanToFen(next);
    if (fen !== null) onBound(fen);
  };
  return <YuanInput label={label} value={text} onChange={change} />;
}

/** The catalogue: filters, the list, one item with its price history and, with items.write, its price. */
export function CatalogueTab({ canWrite }: { canWrite: boolean }) {
  const t = useItemsT();
  const view = useListPage(useCatalog, {
    search: '',
    category: '',
    weapon: '',
    rarity: '',
    inShop: -1,
    priceMinFen: '',
    priceMaxFen: '',
    page: 1,
  });
  const [open, setOpen] = useState<number | null>(null);
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
  return (
    <div className="flex flex-col gap-4">
      <ListView
        {...view}
        fields={[
          { search: 'search', label: t('items.search'), maxLength: 80, wide: true },
          {
            select: 'category',
            label: t('items.category'),
            options: withAll('', t('items.category.all'), CATEGORIES, (c) => t(categoryLabel(c))),
          },
          { search: 'weapon', label: t('items.weapon'), maxLength: 40 },
          { select: 'rarity', label: t('items.rarity'), options: withAll('', t('items.rarity.all'), RARITIES, (r) => t(rarityLabel(r))) },
          {
            select: 'inShop',
            label: t('items.inShop'),
            options: onOffOptions(t('items.inShop.all'), t('items.inShop.yes'), t('items.inShop.no')),
          },
        ]}
        tools={
          <>
            <PriceBound label={t('items.priceMin')} onBound={(priceMinFen) => view.set({ priceMinFen })} />
            <PriceBound label={t('items.priceMax')} onBound={(priceMaxFen) => view.set({ priceMaxFen })} />
          </>
        }
        columns={columns}
        texts={{ caption: t('items.tab.catalogue'), empty: t('items.empty'), total: (n) => t('items.total', { n }) }}
      />
      {open !== null ? <ItemDetailPanel id={open} onClose={() => setOpen(null)} canWrite={canWrite} /> : null}
    </div>
  );
}
