import { useMemo, useState } from 'react';
import { formatFen, parseYuanToFen, type AdminShopStock } from '@skinfair/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { toastResult } from '../toast-result';
import { useItemsT } from '../../i18n/items-messages';
import { useAddShopStock, useShopStock, useUpdateShopStock } from '../../api/items';
import { type AdminColumn } from '../data-table';
import { onOffOptions } from '../select-options';
import { buttonClass, smallButtonClass } from '../styles';
import { LabelledCheckbox } from '../labelled';
import { ListView, useListPage } from '../list-view';
import { AmountField, DigitsInput, YuanInput } from './shared';
import { FormActions } from '../form-actions';

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
        <AmountField label={t('items.shop.stockField')} whole maxLength={7} value={stock} onChange={setStock} />
        <AmountField label={t('items.shop.priceField')} value={price} onChange={setPrice} />
        <p role={belowRecovery ? 'alert' : undefined} className={belowRecovery ? 'text-xs text-red-400' : 'text-xs text-slate-400'}>
          {t('items.shop.minPrice', { price: formatFen(line.recoveryPriceFen) })}
        </p>
        <LabelledCheckbox label={t('items.shop.enabledField')} checked={enabled} onChange={setEnabled} />
        <FormActions
          cancelLabel={t('items.shop.cancel')}
          submitLabel={t('items.shop.save')}
          onCancel={onClose}
          disabled={!valid || update.isPending}
        />
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
      <DigitsInput label={t('items.shop.add.item')} value={itemId} maxLength={15} onChange={setItemId} />
      <DigitsInput label={t('items.shop.add.stock')} value={stock} maxLength={7} onChange={setStock} />
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
  const view = useListPage(useShopStock, { search: '', enabled: -1, page: 1 });
  const [editing, setEditing] = useState<AdminShopStock | null>(null);
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
      <ListView
        {...view}
        fields={[
          { search: 'search', label: t('items.shop.search'), maxLength: 80 },
          {
            select: 'enabled',
            label: t('items.shop.enabled'),
            options: onOffOptions(t('items.shop.enabled.all'), t('items.shop.enabled.on'), t('items.shop.enabled.off')),
          },
        ]}
        columns={columns}
        texts={{ caption: t('items.tab.shop'), empty: t('items.shop.empty'), total: (n) => t('items.shop.total', { n }) }}
      />
      {editing ? <ShopEditDialog line={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
