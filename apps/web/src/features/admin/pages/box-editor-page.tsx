import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatFen, parseYuanToFen, roleHasPermission, type AdminBoxDetail, type AdminItem } from '@skinfair/contract';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { useAdminMe } from '../api/session';
import { useBoxChange, useBoxDetail, useBoxThemes, type BoxSettingsInput } from '../api/boxes';
import { DropListEditor, dropListSummary, formatRate, type DropRow } from '../components/drop-list-editor';
import { ItemPicker } from '../components/item-picker';
import { useBoxesT } from '../i18n/boxes-messages';
import { fieldClass, primaryButtonClass } from '../components/styles';
import { when } from '../components/format';
import { LabelledCheckbox, LabelledInput, LabelledSelect } from '../components/labelled';
import { useConsoleTitle } from '../components/console-page';

/** /admin/boxes/:id (or /admin/boxes/new): a box's settings, its drop list and publishing a new version. */
export default function BoxEditorPage() {
  const { boxId } = useParams();
  const id = boxId && /^\d+$/.test(boxId) ? Number(boxId) : null;
  const detail = useBoxDetail(id);
  const t = useBoxesT();
  if (id === null) return <BoxEditor box={null} />;
  if (detail.isError)
    return (
      <p role="alert" className="text-red-400">
        {detail.error.message}
      </p>
    );
  if (!detail.data)
    return (
      <p role="status" className="text-slate-400">
        …
      </p>
    );
  // Keyed by version: after a publish the form starts again from what the server now holds.
  return <BoxEditor key={`${detail.data.id}:${detail.data.version}`} box={detail.data} title={t('boxes.editTitle', { id })} />;
}

interface SettingsForm {
  name: string;
  image: string;
  themeId: number;
  price: string;
  enabled: boolean;
  battleEligible: boolean;
}

const toForm = (box: AdminBoxDetail | null): SettingsForm => ({
  name: box?.name ?? '',
  image: box?.image ?? '',
  themeId: box?.themeId ?? 0,
  price: box ? formatFen(box.priceFen) : '',
  enabled: box?.enabled ?? false,
  battleEligible: box?.battleEligible ?? true,
});

const toRows = (box: AdminBoxDetail | null): DropRow[] =>
  (box?.drops ?? []).map((d) => ({
    itemId: d.itemId,
    name: d.name,
    recoveryPriceFen: d.recoveryPriceFen,
    weight: String(d.weight),
  }));

function BoxEditor({ box, title }: { box: AdminBoxDetail | null; title?: string }) {
  const t = useBoxesT();
  const heading = title ?? t('boxes.newTitle');
  useConsoleTitle(heading);
  const me = useAdminMe();
  const navigate = useNavigate();
  const themes = useBoxThemes();
  const change = useBoxChange();
  const canWrite = me.data ? roleHasPermission(me.data.role, 'boxes.write') : false;
  const [form, setForm] = useState<SettingsForm>(() => toForm(box));
  const [rows, setRows] = useState<DropRow[]>(() => toRows(box));
  const [confirming, setConfirming] = useState(false);
  const priceFen = parseYuanToFen(form.price);
  // The preview and the publish use the price in the form: what the operator sees is what goes out.
  const previewPriceFen = priceFen !== null && priceFen > 0 ? priceFen : null;
  const summary = dropListSummary(rows, previewPriceFen);
  const themeId = form.themeId || themes.data?.[0]?.id || 0;

  const settings = (): BoxSettingsInput | null => {
    if (priceFen === null || priceFen < 1) {
      toast.error(t('boxes.priceInvalid'));
      return null;
    }
    return { ...form, name: form.name.trim(), image: form.image.trim(), themeId, priceFen };
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const values = settings();
    if (!values || !box) return;
    change.mutate(
      { kind: 'update', id: box.id, ...values },
      { onSuccess: () => void toast.success(t('boxes.saved')), onError: (e) => void toast.error(e.message) },
    );
  };

  const publish = () => {
    setConfirming(false);
    if (!box) {
      const values = settings();
      if (!values) return;
      change.mutate(
        { kind: 'create', ...values, drops: summary.drops },
        {
          onSuccess: (created) => {
            toast.success(t('boxes.created'));
            void navigate(`../${created.id}`, { relative: 'path', replace: true });
          },
          onError: (e) => void toast.error(e.message),
        },
      );
      return;
    }
    if (previewPriceFen === null) return void toast.error(t('boxes.priceInvalid'));
    change.mutate(
      { kind: 'publish', id: box.id, drops: summary.drops, priceFen: previewPriceFen },
      {
        onSuccess: (published) => void toast.success(t('boxes.published', { version: published.version })),
        onError: (e) => void toast.error(e.message),
      },
    );
  };

  const chosen = new Set(rows.map((r) => r.itemId));
  const add = (item: AdminItem) =>
    setRows([...rows, { itemId: item.id, name: item.name, recoveryPriceFen: item.recoveryPriceFen, weight: '' }]);
  const preview = {
    name: form.name || box?.name || '',
    version: box ? Math.max(...box.versions.map((v) => v.version), box.version) + 1 : 1,
    count: rows.length,
    value: formatFen(summary.expectedReturnFen),
    rate: summary.rateBp === null ? '—' : formatRate(summary.rateBp),
  };

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to=".." relative="path" className="text-sm text-slate-400 hover:underline">
          ← {t('boxes.back')}
        </Link>
        <h1 className="text-2xl font-bold">{heading}</h1>
        {box ? (
          <p className="text-xs break-all text-slate-400">{t('boxes.current', { version: box.version, hash: box.oddsHash })}</p>
        ) : null}
        {!canWrite && me.data ? <p className="text-sm text-slate-400">{t('boxes.readOnly')}</p> : null}
      </div>

      <form onSubmit={save} className="flex flex-col gap-3 rounded-lg border border-line p-4">
        <h2 className="font-bold">{t('boxes.settings')}</h2>
        <div className="flex flex-wrap items-end gap-3">
          <LabelledInput
            label={t('boxes.name')}
            required
            maxLength={40}
            value={form.name}
            onChange={(name) => setForm({ ...form, name })}
          />
          <LabelledInput label={t('boxes.image')} maxLength={500} value={form.image} onChange={(image) => setForm({ ...form, image })} />
          <LabelledSelect label={t('boxes.theme')} value={themeId} onChange={(v) => setForm({ ...form, themeId: Number(v) })}>
            {(themes.data ?? []).map((theme) => (
              <option key={theme.id} value={theme.id}>
                {theme.name}
              </option>
            ))}
          </LabelledSelect>
          <LabelledInput
            label={t('boxes.price')}
            className={`${fieldClass} w-32`}
            inputMode="decimal"
            required
            value={form.price}
            onChange={(price) => setForm({ ...form, price })}
          />
          <LabelledCheckbox label={t('boxes.enabledLabel')} checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled })} />
          <LabelledCheckbox
            label={t('boxes.battleLabel')}
            checked={form.battleEligible}
            onChange={(battleEligible) => setForm({ ...form, battleEligible })}
          />
          {box && canWrite ? (
            <button type="submit" className={primaryButtonClass} disabled={change.isPending}>
              {t('boxes.save')}
            </button>
          ) : null}
        </div>
      </form>

      <div className="flex flex-col gap-3 rounded-lg border border-line p-4">
        <h2 className="font-bold">{t('boxes.drops')}</h2>
        <p className="text-sm text-slate-400">{t('boxes.dropsHint')}</p>
        <DropListEditor rows={rows} priceFen={previewPriceFen} readOnly={!canWrite} onChange={setRows} />
        {canWrite ? (
          <>
            <ItemPicker chosen={chosen} onAdd={add} />
            <div>
              <button
                type="button"
                className={primaryButtonClass}
                disabled={!summary.valid || change.isPending || (!box && !form.name.trim())}
                onClick={() => setConfirming(true)}
              >
                {t(box ? 'boxes.publish' : 'boxes.create')}
              </button>
            </div>
          </>
        ) : null}
      </div>

      {box && box.versions.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h2 className="font-bold">{t('boxes.versions')}</h2>
          <ul className="text-sm text-slate-300">
            {box.versions.map((v) => (
              <li key={v.version} className="break-all">
                {t('boxes.version.row', {
                  version: v.version,
                  value: formatFen(v.expectedReturnFen),
                  at: when(v.createdAt),
                })}{' '}
                <span className="text-slate-500">{v.oddsHash}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title={t(box ? 'boxes.confirmTitle' : 'boxes.confirmCreateTitle')}
          confirmLabel={t(box ? 'boxes.publish' : 'boxes.create')}
          busy={change.isPending}
          onConfirm={publish}
          onCancel={() => setConfirming(false)}
        >
          {t(box ? 'boxes.confirmBody' : 'boxes.confirmCreateBody', preview)}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
