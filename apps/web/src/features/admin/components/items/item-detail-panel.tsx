import { useMemo, useState } from 'react';
import { formatFen, type PriceHistoryEntry } from '@skinfair/contract';
import { useItemsT } from '../../i18n/items-messages';
import { useCatalogItem, useRecoveryRule } from '../../api/items';
import { DataTable, type AdminColumn } from '../data-table';
import { when } from '../format';
import { QueryState } from '../query-state';
import { smallButtonClass } from '../styles';
import { PriceEditDialog } from './price-edit-dialog';
import { DetailList, Panel } from '../panel';

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
    <Panel
      title={t('items.detail.title', { name: item.name })}
      closeLabel={t('items.detail.close')}
      onClose={onClose}
      actions={
        canWrite ? (
          <button type="button" className={smallButtonClass} onClick={() => setEditing(true)}>
            {t('items.editPrice')}
          </button>
        ) : null
      }
    >
      <DetailList
        rows={[
          [t('items.col.id'), item.id],
          [t('items.detail.market'), item.marketHashName ?? '—'],
          [t('items.col.reference'), formatFen(item.referencePriceFen)],
          [t('items.col.recovery'), formatFen(item.recoveryPriceFen)],
          [t('items.detail.boxes'), item.boxCount],
        ]}
      />
      <h3 className="font-semibold">{t('items.detail.history', { n: item.history.length })}</h3>
      <DataTable
        caption={t('items.detail.history', { n: item.history.length })}
        columns={historyColumns}
        data={item.history}
        empty={t('items.detail.noHistory')}
      />
      {editing ? <PriceEditDialog item={item} rateBp={rateBp} onClose={() => setEditing(false)} /> : null}
    </Panel>
  );
}
