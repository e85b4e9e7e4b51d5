import { useMemo, useState } from 'react';
import { formatFen, type PriceHistoryEntry } from '@skinfair/contract';
import { useItemsT } from '../../i18n/items-messages';
import { useCatalogItem, useRecoveryRule } from '../../api/items';
import { DataTable, type AdminColumn } from '../data-table';
import { when } from '../format';
import { QueryState } from '../query-state';
import { smallButtonClass } from '../styles';
import { PriceEditDialog } from './price-edit-dialog';

/** One catalogue item: its prices and price history; with items.write, a new reference price with a reason. */
export function ItemDetailPanel({ id, onClose, canWrite }: { id: number; onClose: () => void; canWrite: boolean }) {
  const t = useItemsT();
  const detail = useCatalogItem(id);
  const rule = useRecoveryRule();
  const [editing, setEditing] = useState(false);
  const historyColumns = useMemo<Array<AdminColumn<PriceHistoryEntry>>>(
    () => [
      { header: t('items.history.at'), cell: ({ row }) => when(row.original.at) },
      {
        header: t('items.history.reference'),
        cell: ({ row }) => `${formatFen(row.original.oldReferenceFen)} → ${formatFen(row.original.newReferenceFen)}`,
      },
      {
        header: t('items.history.recovery'),
        cell: ({ row }) => `${formatFen(row.original.oldRecoveryFen)} → ${formatFen(row.original.newRecoveryFen)}`,
      },
      {
        header: t('items.history.source'),
        cell: ({ row }) => t(`items.history.source.${row.original.source}`),
      },
      {
        header: t('items.history.who'),
        cell: ({ row }) => row.original.operatorName ?? String(row.original.operatorId ?? '—'),
      },
      {
        header: t('items.history.reason'),
        cell: ({ row }) => row.original.reason ?? row.original.importId ?? '',
      },
    ],
    [t],
  );
  if (detail.isError || !detail.data) return <QueryState query={detail} />;
  const item = detail.data;
  const rateBp = rule.data?.rateBp;
  return (
    <section
      aria-label={t('items.detail.title', { name: item.name })}
      className="flex flex-col gap-3 rounded border border-line bg-panel p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{t('items.detail.title', { name: item.name })}</h2>
        <div className="flex gap-2">
          {canWrite ? (
            <button type="button" className={smallButtonClass} onClick={() => setEditing(true)}>
              {t('items.editPrice')}
            </button>
          ) : null}
          <button type="button" className={smallButtonClass} onClick={onClose}>
            {t('items.detail.close')}
          </button>
        </div>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-400">{t('items.col.id')}</dt>
        <dd>{item.id}</dd>
        <dt className="text-slate-400">{t('items.detail.market')}</dt>
        <dd>{item.marketHashName ?? '—'}</dd>
        <dt className="text-slate-400">{t('items.col.reference')}</dt>
        <dd>{formatFen(item.referencePriceFen)}</dd>
        <dt className="text-slate-400">{t('items.col.recovery')}</dt>
        <dd>{formatFen(item.recoveryPriceFen)}</dd>
        <dt className="text-slate-400">{t('items.detail.boxes')}</dt>
        <dd>{item.boxCount}</dd>
      </dl>
      <h3 className="font-semibold">{t('items.detail.history', { n: item.history.length })}</h3>
      <DataTable
        caption={t('items.detail.history', { n: item.history.length })}
        columns={historyColumns}
        data={item.history}
        empty={t('items.detail.noHistory')}
      />
      {editing ? <PriceEditDialog item={item} rateBp={rateBp} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
