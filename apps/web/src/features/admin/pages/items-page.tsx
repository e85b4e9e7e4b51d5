import { useMemo, useState, type FormEvent } from 'react';
import {
  formatFen,
  parseYuanToFen,
  recoveryPriceOf,
  type AdminCatalogItem,
  type AdminShopStock,
  type ItemImportChange,
  type ItemImportPreview,
  type ItemImportProblem,
  type PriceHistoryEntry,
} from '@skinfair/contract';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toast';
import { useAdminT } from '../i18n/messages';
import { useItemsT, type ItemsMessageId } from '../i18n/items-messages';
import { useAdminMe } from '../api/session';
import {
  useAddShopStock,
  useCatalog,
  useCatalogItem,
  useImportApply,
  useImportPreview,
  useRecoveryRule,
  useSetItemPrice,
  useSetRecoveryRule,
  useShopStock,
  useUpdateShopStock,
  type CatalogFilters,
  type ShopFilters,
} from '../api/items';
import { DataTable, type AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { useListFilters } from '../components/use-list-filters';
import { ReasonDialog } from '../components/reason-dialog';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar';
import { buttonClass, fieldClass, primaryButtonClass, smallButtonClass } from '../components/styles';

const CATEGORIES = ['knife', 'gloves', 'rifle', 'sniper', 'pistol', 'smg', 'shotgun', 'machinegun', 'equipment'] as const;
const RARITIES = ['consumer', 'industrial', 'milspec', 'restricted', 'classified', 'covert', 'contraband'] as const;
const TABS = ['catalogue', 'import', 'rule', 'shop'] as const;
type Tab = (typeof TABS)[number];

const when = (iso: string) => new Date(iso).toLocaleString();
/** Basis points as a percentage ("80 %", "12.5 %"), exact: bp / 100 is formatted like fen / 100. */
const percent = (bp: number) => `${formatFen(bp)} %`;
const signedPercent = (bp: number) => `${bp > 0 ? '+' : ''}${percent(bp)}`;
const categoryLabel = (c: string) => `items.category.${c}` as ItemsMessageId;
const rarityLabel = (r: string) => `items.rarity.${r}` as ItemsMessageId;

function useCanWrite() {
  const me = useAdminMe();
  return me.data ? me.data.permissions.includes('items.write') : false;
}

/** A yuan field: the operator types yuan, the form keeps exact fen (null while it is not an amount). */
function YuanInput({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={label}
      placeholder={label}
      className={fieldClass}
      value={value}
      maxLength={12}
      onChange={(e) => onChange(e.target.value.trim())}
    />
  );
}

function ItemDetailPanel({ id, onClose, canWrite }: { id: number; onClose: () => void; canWrite: boolean }) {
  const t = useItemsT();
  const at = useAdminT();
  const detail = useCatalogItem(id);
  const rule = useRecoveryRule();
  const setPrice = useSetItemPrice();
  const [editing, setEditing] = useState(false);
  const [priceText, setPriceText] = useState('');
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
      { header: t('items.history.source'), cell: ({ row }) => t(`items.history.source.${row.original.source}`) },
      { header: t('items.history.who'), cell: ({ row }) => row.original.operatorName ?? String(row.original.operatorId ?? '—') },
      { header: t('items.history.reason'), cell: ({ row }) => row.original.reason ?? row.original.importId ?? '' },
    ],
    [t],
  );
  if (detail.isError)
    return (
      <p role="alert" className="text-red-400">
        {at('admin.loadFailed')}: {detail.error.message}
      </p>
    );
  if (!detail.data)
    return (
      <p role="status" className="text-slate-400">
        {at('admin.loading')}
      </p>
    );
  const item = detail.data;
  const priceFen = parseYuanToFen(priceText);
  const rateBp = rule.data?.rateBp;
  return (
    <section aria-label={t('items.detail.title', { name: item.name })} className="flex flex-col gap-3 rounded border border-line bg-panel p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{t('items.detail.title', { name: item.name })}</h2>
        <div className="flex gap-2">
          {canWrite ? (
            <button
              type="button"
              className={smallButtonClass}
              onClick={() => {
                setPriceText(formatFen(item.referencePriceFen));
                setEditing(true);
              }}
            >
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
      <DataTable caption={t('items.detail.history', { n: item.history.length })} columns={historyColumns} data={item.history} empty={t('items.detail.noHistory')} />
      {editing ? (
        <ReasonDialog
          title={t('items.editPrice.title', { name: item.name })}
          confirmLabel={t('items.editPrice')}
          busy={setPrice.isPending}
          ready={priceFen !== null && priceFen > 0}
          onClose={() => setEditing(false)}
          onConfirm={(reason) => {
            if (priceFen === null) return;
            setPrice.mutate(
              { id: item.id, priceFen, reason },
              {
                onSuccess: () => {
                  setEditing(false);
                  void toast.success(t('items.editPrice.done'));
                },
                onError: (e) => void toast.error(e.message),
              },
            );
          }}
        >
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            {t('items.editPrice.field')}
            <input
              type="text"
              inputMode="decimal"
              className={fieldClass}
              value={priceText}
              maxLength={12}
              onChange={(e) => setPriceText(e.target.value.trim())}
            />
          </label>
          {priceFen === null ? (
            <p role="alert" className="text-xs text-red-400">
              {t('items.badPrice')}
            </p>
          ) : rateBp !== undefined ? (
            <p className="text-xs text-slate-400">
              {t('items.editPrice.recovery', { rate: percent(rateBp), price: formatFen(recoveryPriceOf(priceFen, rateBp)) })}
            </p>
          ) : null}
        </ReasonDialog>
      ) : null}
    </section>
  );
}

function CatalogueSection({ canWrite }: { canWrite: boolean }) {
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
      { header: t('items.col.shop'), cell: ({ row }) => (row.original.inShop ? t('items.yes') : t('items.no')) },
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
          options={[{ value: '', label: t('items.category.all') }, ...CATEGORIES.map((c) => ({ value: c as string, label: t(categoryLabel(c)) }))]}
          onChange={(category) => set({ category })}
        />
        <SearchFilter label={t('items.weapon')} value={filters.weapon} onChange={(weapon) => set({ weapon })} maxLength={40} />
        <SelectFilter
          label={t('items.rarity')}
          value={filters.rarity}
          options={[{ value: '', label: t('items.rarity.all') }, ...RARITIES.map((r) => ({ value: r as string, label: t(rarityLabel(r)) }))]}
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

function PreviewResult({ preview, canWrite, onApplied }: { preview: ItemImportPreview; canWrite: boolean; onApplied: () => void }) {
  const t = useItemsT();
  const apply = useImportApply();
  const changeColumns = useMemo<Array<AdminColumn<ItemImportChange>>>(
    () => [
      { header: t('items.import.col.line'), accessorKey: 'line' },
      { header: t('items.import.col.item'), cell: ({ row }) => `${row.original.itemId} ${row.original.name}` },
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
      <p className="text-xs text-slate-400">{t('items.import.expires', { at: when(preview.expiresAt) })}</p>
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
      {canWrite && preview.changes.length > 0 ? (
        <div>
          <button
            type="button"
            className={primaryButtonClass}
            disabled={apply.isPending}
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

function ImportSection({ canWrite }: { canWrite: boolean }) {
  const t = useItemsT();
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [content, setContent] = useState('');
  const preview = useImportPreview();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') return;
    preview.mutate({ format, content }, { onError: (e) => void toast.error(e.message) });
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
                void file.text().then(setContent);
              }}
            />
          </label>
        </div>
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('items.import.text')}
          <textarea className={`${fieldClass} font-mono`} rows={8} value={content} onChange={(e) => setContent(e.target.value)} />
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

function RecoveryRuleSection({ canWrite }: { canWrite: boolean }) {
  const t = useItemsT();
  const at = useAdminT();
  const rule = useRecoveryRule();
  const save = useSetRecoveryRule();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (rule.isError)
    return (
      <p role="alert" className="text-red-400">
        {at('admin.loadFailed')}: {rule.error.message}
      </p>
    );
  if (!rule.data)
    return (
      <p role="status" className="text-slate-400">
        {at('admin.loading')}
      </p>
    );
  const { rateBp, minBp, maxBp } = rule.data;
  // The operator types a percentage with up to two decimals: 80.5 % is 8050 bp, exactly.
  const newBp = parseYuanToFen(text);
  const valid = newBp !== null && newBp >= minBp && newBp <= maxBp;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-lg">{t('items.rule.current', { rate: percent(rateBp) })}</p>
      <p className="text-sm text-slate-400">{t('items.rule.explain')}</p>
      {canWrite ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) setConfirming(true);
          }}
        >
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            {t('items.rule.field', { min: formatFen(minBp), max: formatFen(maxBp) })}
            <input type="text" inputMode="decimal" className={fieldClass} value={text} maxLength={6} onChange={(e) => setText(e.target.value.trim())} />
          </label>
          <button type="submit" className={buttonClass} disabled={!valid}>
            {t('items.rule.save')}
          </button>
        </form>
      ) : null}
      {confirming && newBp !== null ? (
        <ReasonDialog
          title={t('items.rule.title', { rate: percent(newBp) })}
          confirmLabel={t('items.rule.save')}
          busy={save.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={(reason) =>
            save.mutate(
              { rateBp: newBp, reason },
              {
                onSuccess: () => {
                  setConfirming(false);
                  setText('');
                  void toast.success(t('items.rule.done'));
                },
                onError: (e) => void toast.error(e.message),
              },
            )
          }
        >
          <p className="text-sm text-slate-300">{t('items.rule.explain')}</p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}

function ShopEditDialog({ line, onClose }: { line: AdminShopStock; onClose: () => void }) {
  const t = useItemsT();
  const update = useUpdateShopStock();
  const [stock, setStock] = useState(String(line.stock));
  const [price, setPrice] = useState(formatFen(line.priceFen));
  const [enabled, setEnabled] = useState(line.enabled);
  const priceFen = parseYuanToFen(price);
  const stockN = /^\d{1,7}$/.test(stock) ? Number(stock) : null;
  const valid = priceFen !== null && priceFen > 0 && stockN !== null && stockN <= 1_000_000;
  return (
    <Dialog title={t('items.shop.edit.title', { name: line.name })} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid || update.isPending) return;
          update.mutate(
            { id: line.id, stock: stockN, priceFen, enabled },
            {
              onSuccess: () => {
                void toast.success(t('items.shop.saved'));
                onClose();
              },
              onError: (err) => void toast.error(err.message),
            },
          );
        }}
      >
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('items.shop.stockField')}
          <input type="text" inputMode="numeric" className={fieldClass} value={stock} maxLength={7} onChange={(e) => setStock(e.target.value.trim())} />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('items.shop.priceField')}
          <input type="text" inputMode="decimal" className={fieldClass} value={price} maxLength={12} onChange={(e) => setPrice(e.target.value.trim())} />
        </label>
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
          {
            onSuccess: () => {
              setItemId('');
              setStock('');
              setPrice('');
              void toast.success(t('items.shop.added'));
            },
            onError: (err) => void toast.error(err.message),
          },
        );
      }}
    >
      <input aria-label={t('items.shop.add.item')} placeholder={t('items.shop.add.item')} inputMode="numeric" className={fieldClass} value={itemId} maxLength={15} onChange={(e) => setItemId(e.target.value.replace(/\D/g, ''))} />
      <input aria-label={t('items.shop.add.stock')} placeholder={t('items.shop.add.stock')} inputMode="numeric" className={fieldClass} value={stock} maxLength={7} onChange={(e) => setStock(e.target.value.replace(/\D/g, ''))} />
      <YuanInput label={t('items.shop.add.price')} value={price} onChange={setPrice} />
      <button type="submit" className={buttonClass} disabled={!valid || add.isPending}>
        {t('items.shop.add')}
      </button>
    </form>
  );
}

function ShopSection({ canWrite }: { canWrite: boolean }) {
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
      { header: t('items.shop.col.enabled'), cell: ({ row }) => (row.original.enabled ? t('items.shop.enabled.on') : t('items.shop.enabled.off')) },
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

/**
 * Issue 16 §4: the catalogue with filters and price history, one item's price, price-list imports
 * (preview, then apply exactly what was previewed), the recovery price rule and the shop's stock.
 */
export default function ItemsPage() {
  const t = useItemsT();
  const canWrite = useCanWrite();
  const [tab, setTab] = useState<Tab>('catalogue');
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('items.title')}</h1>
      <div role="tablist" aria-label={t('items.tabs')} className="flex flex-wrap gap-2">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`items-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`items-panel-${name}`}
            className={tab === name ? primaryButtonClass : buttonClass}
            onClick={() => setTab(name)}
          >
            {t(`items.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`items-panel-${tab}`} aria-labelledby={`items-tab-${tab}`}>
        {tab === 'catalogue' ? <CatalogueSection canWrite={canWrite} /> : null}
        {tab === 'import' ? <ImportSection canWrite={canWrite} /> : null}
        {tab === 'rule' ? <RecoveryRuleSection canWrite={canWrite} /> : null}
        {tab === 'shop' ? <ShopSection canWrite={canWrite} /> : null}
      </div>
    </section>
  );
}
