import { useMemo, useState } from 'react';
import { formatFen, parseYuanToFen, type AdminShopStock } from '@skinfair/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { toastResult } from '../toast-result';
import { useItemsT } from '../../i18n/items-messages';
import { useAddShopStock, useShopStock, useUpdateShopStock, type ShopFilters } from '../../api/items';
import { type AdminColumn } from '../data-table';
import { FilterBar, SearchFilter, SelectFilter } from '../filter-bar';
import { PagedTable } from '../paged-table';
import { buttonClass, fieldClass, primaryButtonClass, smallButtonClass } from '../styles';
import { useListFilters } from '../use-list-filters';
import { InputField } from '../input-field';
import { YuanInput } from './shared';

function ShopEditDialog({ line, onClose }: { line: AdminShopStock; onClose: () => void }) {
  const t = useItemsT();
  const update = useUpdateShopStock();
  const [stock, setStock] = useState(String(line.stock));
  const [price, setPrice] = useState(formatFen(line.priceFen));
  const [enabled, setEnabled] = useState(line.enabled);
  const priceFen = parseYuanToFen(price);
  const stockN = /^\d{1,7}$/.test(stock) ? Number(stock) : null;
  // Never below the recovery price (decision 0051): the server refuses it as well.
  const belowRecovery = priceFen !== null && priceFen < line.recoveryPriceFen;
  const valid = priceFen !== null && priceFen > 0 && !belowRecovery && stockN !== null && stockN <= 1_000_000;
  return (
    <Dialog title={t('items.shop.edit.title', { name: line.name })} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid || update.isPending) return;
          update.mutate({ id: line.id, stock: stockN, priceFen, enabled }, toastResult(t('items.shop.saved'), onClose));
        }}
      >
        <InputField
          label={t('items.shop.stockField')}
          inputMode="numeric"
          value={stock}
          maxLength={7}
          onChange={(v) => setStock(v.trim())}
        />
        <InputField
          label={t('items.shop.priceField')}
          inputMode="decimal"
          value={price}
          maxLength={12}
          onChange={(v) => setPrice(v.trim())}
        />
        <p role={belowRecovery ? 'alert' : undefined} className={belowRecovery ? 'text-xs text-red-400' : 'text-xs text-slate-400'}>
          {t('items.shop.minPrice', { price: formatFen(line.recoveryPriceFen) })}
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('items.shop.enabledField')}
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onClose}>
            {t('items.shop.cancel')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={!valid || update.isPending}>
            {t('items.shop.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ShopAddForm() {
  const t = useItemsT();
  const add = useAddShopStock();
  const [itemId, setItemId] = useState('');
  const [stock, setStock] = useState('');
  const [price, setPrice] = useState('');
  const priceFen = price === '' ? undefined : parseYuanToFen(price);
  const valid = /^[1-9]\d{0,14}$/.test(itemId) && /^\d{1,7}$/.test(stock) && priceFen !== null && priceFen !== 0;
  return (
    <form
      aria-label={t('items.shop.add')}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid || add.isPending) return;
        add.mutate(
          { itemId: Number(itemId), stock: Number(stock), ...(priceFen ? { priceFen } : {}) },
          toastResult(t('items.shop.added'), () => {
            setItemId('');
            setStock('');
            setPrice('');
          }),
        );
      }}
    >
      <input
        aria-label={t('items.shop.add.item')}
        placeholder={t('items.shop.add.item')}
        inputMode="numeric"
        className={fieldClass}
        value={itemId}
        maxLength={15}
        onChange={(e) => setItemId(e.target.value.replace(/\D/g, ''))}
      />
      <input
        aria-label={t('items.shop.add.stock')}
        placeholder={t('items.shop.add.stock')}
        inputMode="numeric"
        className={fieldClass}
        value={stock}
        maxLength={7}
        onChange={(e) => setStock(e.target.value.replace(/\D/g, ''))}
      />
      <YuanInput label={t('items.shop.add.price')} value={price} onChange={setPrice} />
      <button type="submit" className={buttonClass} disabled={!valid || add.isPending}>
        {t('items.shop.add')}
      </button>
    </form>
  );
}

/** The shop’s stock: add a line, filter the list and edit a line’s stock, price and state (items.write). */
export function ShopTab({ canWrite }: { canWrite: boolean }) {
  const t = useItemsT();
  const { filters, set, setPage } = useListFilters<ShopFilters>({ search: '', enabled: -1, page: 1 });
  const [editing, setEditing] = useState<AdminShopStock | null>(null);
  const list = useShopStock(filters);
  const columns = useMemo<Array<AdminColumn<AdminShopStock>>>(
    () => [
      { header: t('items.shop.col.item'), cell: ({ row }) => `${row.original.itemId} ${row.original.name}` },
      { header: t('items.col.reference'), cell: ({ row }) => formatFen(row.original.referencePriceFen) },
      { header: t('items.shop.col.price'), cell: ({ row }) => formatFen(row.original.priceFen) },
      { header: t('items.shop.col.stock'), accessorKey: 'stock' },
      {
        header: t('items.shop.col.enabled'),
        cell: ({ row }) => (row.original.enabled ? t('items.shop.enabled.on') : t('items.shop.enabled.off')),
      },
      {
        header: t('items.col.actions'),
        cell: ({ row }) =>
          canWrite ? (
            <button type="button" className={smallButtonClass} onClick={() => setEditing(row.original)}>
              {t('items.shop.edit')}
            </button>
          ) : null,
      },
    ],
    [t, canWrite],
  );
  return (
    <div className="flex flex-col gap-4">
      {canWrite ? <ShopAddForm /> : null}
      <FilterBar>
        <SearchFilter label={t('items.shop.search')} value={filters.search} onChange={(search) => set({ search })} maxLength={80} />
        <SelectFilter
          label={t('items.shop.enabled')}
          value={filters.enabled}
          options={[
            { value: -1, label: t('items.shop.enabled.all') },
            { value: 1, label: t('items.shop.enabled.on') },
            { value: 0, label: t('items.shop.enabled.off') },
          ]}
          onChange={(enabled) => set({ enabled })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption={t('items.tab.shop')}
        columns={columns}
        empty={t('items.shop.empty')}
        onPage={setPage}
        total={(n) => t('items.shop.total', { n })}
      />
      {editing ? <ShopEditDialog line={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
