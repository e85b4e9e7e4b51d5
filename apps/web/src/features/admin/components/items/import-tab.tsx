import { useMemo, useState, type FormEvent } from 'react';
import { formatFen, type ItemImportChange, type ItemImportPreview, type ItemImportProblem } from '@skinfair/contract';
import { toast } from '../../../../shared/ui/toast';
import { useItemsT } from '../../i18n/items-messages';
import { useImportApply, useImportPreview } from '../../api/items';
import { readPriceFile, type PriceFile } from '../../api/price-file';
import { DataTable, type AdminColumn } from '../data-table';
import { SelectFilter } from '../filter-bar';
import { when } from '../format';
import { buttonClass, fieldClass, primaryButtonClass } from '../styles';
import { signedPercent } from './shared';
import { BoxReturnWarning, useMovesConfirm } from './box-return-warning';

function PreviewResult({ preview, canWrite, onApplied }: { preview: ItemImportPreview; canWrite: boolean; onApplied: () => void }) {
  const t = useItemsT();
  const apply = useImportApply();
  // Decision 0061: boxes whose live return the import moves past the set amount are confirmed before applying.
  const moves = useMovesConfirm(preview.boxes);
  const changeColumns = useMemo<Array<AdminColumn<ItemImportChange>>>(
    () => [
      { header: t('items.import.col.line'), accessorKey: 'line' },
      {
        header: t('items.import.col.item'),
        cell: ({ row }) => `${row.original.itemId} ${row.original.name}`,
      },
      { header: t('items.import.col.old'), cell: ({ row }) => formatFen(row.original.oldPriceFen) },
      { header: t('items.import.col.new'), cell: ({ row }) => formatFen(row.original.newPriceFen) },
      { header: t('items.import.col.recovery'), cell: ({ row }) => formatFen(row.original.newRecoveryFen) },
      {
        header: t('items.import.col.change'),
        cell: ({ row }) => (
          <span className={row.original.large ? 'font-bold text-amber-300' : undefined}>
            {signedPercent(row.original.changeBp)}
            {row.original.large ? ` · ${t('items.import.large')}` : ''}
          </span>
        ),
      },
      { header: t('items.import.col.boxes'), accessorKey: 'boxCount' },
      {
        // Re-priced in the same apply so the shop never charges less than the sell-back (decision 0051).
        header: t('items.import.col.shop'),
        cell: ({ row }) =>
          row.original.newShopPriceFen !== null && row.original.oldShopPriceFen !== null
            ? `${formatFen(row.original.oldShopPriceFen)} → ${formatFen(row.original.newShopPriceFen)}`
            : '—',
      },
    ],
    [t],
  );
  const problemColumns = useMemo<Array<AdminColumn<ItemImportProblem>>>(
    () => [
      { header: t('items.import.col.line'), accessorKey: 'line' },
      { header: t('items.import.col.key'), accessorKey: 'key' },
      { header: t('items.import.col.reason'), accessorKey: 'reason' },
    ],
    [t],
  );
  return (
    <section aria-label={t('items.import.changes')} className="flex flex-col gap-3">
      <p role="status" className="text-sm text-slate-200">
        {t('items.import.summary', {
          rows: preview.rows,
          changed: preview.changes.length,
          large: preview.largeChanges,
          unchanged: preview.unchanged,
          unknown: preview.unknown.length,
          invalid: preview.invalid.length,
          boxes: preview.affectedBoxes,
        })}
      </p>
      <p className="text-xs text-slate-400">
        {t('items.import.encoding', { encoding: preview.encoding === 'gb18030' ? 'GBK/GB18030' : 'UTF-8' })}{' '}
        {t('items.import.expires', { at: when(preview.expiresAt) })}
      </p>
      <h3 className="font-semibold">{t('items.import.changes')}</h3>
      <DataTable caption={t('items.import.changes')} columns={changeColumns} data={preview.changes} empty={t('items.import.noChanges')} />
      {preview.unknown.length > 0 ? (
        <>
          <h3 className="font-semibold">{t('items.import.unknown')}</h3>
          <DataTable caption={t('items.import.unknown')} columns={problemColumns} data={preview.unknown} empty="" />
        </>
      ) : null}
      {preview.invalid.length > 0 ? (
        <>
          <h3 className="font-semibold">{t('items.import.invalid')}</h3>
          <DataTable caption={t('items.import.invalid')} columns={problemColumns} data={preview.invalid} empty="" />
        </>
      ) : null}
      <BoxReturnWarning
        boxes={preview.boxes}
        warnMoveBp={preview.warnMoveBp}
        confirmed={moves.confirmed}
        onConfirmedChange={moves.onConfirmedChange}
      />
      {canWrite && preview.changes.length > 0 ? (
        <div>
          <button
            type="button"
            className={primaryButtonClass}
            disabled={apply.isPending || !moves.ready}
            onClick={() =>
              apply.mutate(
                { previewId: preview.previewId },
                {
                  onSuccess: (r) => {
                    void toast.success(t('items.import.applied', { n: r.applied }));
                    onApplied();
                  },
                  onError: (e) => void toast.error(e.message),
                },
              )
            }
          >
            {t('items.import.apply', { n: preview.changes.length })}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** Price-list imports: a CSV or JSON list is previewed, then exactly what was previewed is applied. */
export function ImportTab({ canWrite }: { canWrite: boolean }) {
  const t = useItemsT();
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [content, setContent] = useState('');
  // A chosen file goes up as its bytes, so the server reads a GBK file as GBK; editing the text drops it.
  const [file, setFile] = useState<PriceFile | null>(null);
  const preview = useImportPreview();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') return;
    preview.mutate(file ? { format, contentBase64: file.base64 } : { format, content }, { onError: (e) => void toast.error(e.message) });
  };
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-slate-400">{t('items.import.help')}</p>
        <div className="flex flex-wrap items-end gap-2">
          <SelectFilter
            label={t('items.import.format')}
            value={format}
            options={[
              { value: 'csv' as const, label: 'CSV' },
              { value: 'json' as const, label: 'JSON' },
            ]}
            onChange={setFormat}
          />
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            {t('items.import.file')}
            <input
              type="file"
              accept=".csv,.json,text/csv,application/json,text/plain"
              className="text-sm"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                if (file.name.toLowerCase().endsWith('.json')) setFormat('json');
                else if (file.name.toLowerCase().endsWith('.csv')) setFormat('csv');
                readPriceFile(file).then(
                  (read) => {
                    setFile(read);
                    setContent(read.text);
                  },
                  () => void toast.error(t('items.import.readFailed')),
                );
              }}
            />
          </label>
        </div>
        {file ? (
          <p className="text-xs text-slate-400" data-testid="import-file">
            {t('items.import.fileChosen', { name: file.name })}
          </p>
        ) : null}
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('items.import.text')}
          <textarea
            className={`${fieldClass} font-mono`}
            rows={8}
            value={content}
            onChange={(e) => {
              setFile(null);
              setContent(e.target.value);
            }}
          />
        </label>
        <div>
          <button type="submit" className={buttonClass} disabled={!canWrite || preview.isPending || content.trim() === ''}>
            {t('items.import.preview')}
          </button>
        </div>
      </form>
      {preview.data ? <PreviewResult preview={preview.data} canWrite={canWrite} onApplied={() => preview.reset()} /> : null}
    </div>
  );
}
