import { useMemo } from 'react';
import type { AdminBanner } from '@skinfair/contract';
import { IMAGE_ACCEPT, isAcceptableImage } from '../../../../shared/forms/image-file';
import { useBannerImageUpload, useContentBanners, useContentChange } from '../../api/content';
import { LangRowsTab, keyLangColumns } from './lang-rows-tab';
import { useContentT } from '../../i18n/content-messages';
import type { AdminColumn } from '../data-table';
import { useEditorForm } from './editor-form';
import { CheckField, NumberField, TextField } from './input-fields';
import { LangRowEditor } from './lang-fields';
import { WindowFields } from './time-fields';
import { when } from '../format';

interface BannerForm {
  key: string;
  lang: 'zh' | 'en';
  title: string;
  alt: string;
  image: string;
  url: string;
  sortOrder: number;
  startsAt: string;
  endsAt: string;
  visible: boolean;
}

const formOf = (b: AdminBanner | null): BannerForm => ({
  key: b?.key ?? '',
  lang: b?.lang ?? 'zh',
  title: b?.title ?? '',
  alt: b?.alt ?? '',
  image: b?.image ?? '',
  url: b?.url ?? '',
  sortOrder: b?.sortOrder ?? 0,
  startsAt: b?.startsAt ?? '',
  endsAt: b?.endsAt ?? '',
  visible: b?.visible ?? true,
});

function BannerEditor({ banner, onClose, canWrite }: { banner: AdminBanner | null; onClose: () => void; canWrite: boolean }) {
  const t = useContentT();
  const create = useContentChange('banners/create');
  const update = useContentChange('banners/update');
  const upload = useBannerImageUpload();
  const busy = create.isPending || update.isPending || upload.isPending;
  const editor = useEditorForm<BannerForm>(formOf(banner), {
    busy,
    onSaved: onClose,
    save: ({ key, lang, ...fields }, done) => {
      if (banner) update.mutate({ id: banner.id, ...fields }, done);
      else create.mutate({ key, lang, ...fields }, done);
    },
  });
  const { form, set, setForm, setError } = editor;
  return (
    <LangRowEditor
      row={banner}
      editTitle="content.banners.editTitle"
      newTitle="content.banners.newTitle"
      editor={editor}
      onClose={onClose}
      canWrite={canWrite}
      busy={busy}
      keyLine={<NumberField label={t('content.order')} value={form.sortOrder} onChange={(sortOrder) => set({ sortOrder })} />}
    >
      <p className="text-xs text-slate-400">{t('content.banners.langHint')}</p>
      <TextField label={t('content.titleField')} value={form.title} onChange={(v) => set({ title: v })} maxLength={60} required />
      <TextField label={t('content.banners.alt')} value={form.alt} onChange={(v) => set({ alt: v })} maxLength={200} required />
      <TextField label={t('content.banners.image')} value={form.image} onChange={(v) => set({ image: v.trim() })} maxLength={500} />
      {canWrite ? (
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('content.banners.upload')}
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            className="text-sm text-slate-300"
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              if (!isAcceptableImage(file)) return setError(t('content.banners.tooLarge'));
              setError(null);
              upload.mutate(file, {
                onSuccess: (r) => setForm((f) => ({ ...f, image: r.image })),
                onError: (err) => setError(err.message),
              });
            }}
          />
        </label>
      ) : null}
      {upload.isPending ? (
        <p role="status" className="text-xs text-slate-400">
          {t('content.banners.uploading')}
        </p>
      ) : null}
      {form.image ? (
        <img src={form.image} alt={t('content.banners.previewAlt')} className="max-h-32 self-start rounded border border-line" />
      ) : null}
      <TextField label={t('content.link')} value={form.url} onChange={(v) => set({ url: v.trim() })} maxLength={500} required />
      <div className="flex flex-wrap items-end gap-4">
        <WindowFields startsAt={form.startsAt} endsAt={form.endsAt} onChange={set} />
        <CheckField label={t('content.banners.visible')} checked={form.visible} onChange={(visible) => set({ visible })} />
      </div>
    </LangRowEditor>
  );
}

const asUpdate = (b: AdminBanner, visible: boolean) => ({
  id: b.id,
  title: b.title,
  alt: b.alt,
  image: b.image ?? '',
  url: b.url,
  sortOrder: b.sortOrder,
  startsAt: b.startsAt ?? '',
  endsAt: b.endsAt ?? '',
  visible,
});

/** Banners: the home carousel, per language, in order, each between its optional start and end. */
export function BannersTab() {
  const t = useContentT();
  const toggle = useContentChange('banners/update');

  const columns = useMemo<Array<AdminColumn<AdminBanner>>>(
    () => [
      { header: t('content.col.order'), accessorKey: 'sortOrder' },
      ...keyLangColumns<AdminBanner>(t),
      { header: t('content.col.title'), accessorKey: 'title' },
      {
        header: t('content.col.link'),
        cell: ({ row }) => <span className="break-all font-mono text-xs">{row.original.url}</span>,
      },
      {
        header: t('content.col.window'),
        cell: ({ row }) =>
          row.original.startsAt || row.original.endsAt
            ? `${when(row.original.startsAt)} – ${when(row.original.endsAt)}`
            : t('content.window.always'),
      },
      {
        header: t('content.col.state'),
        cell: ({ row }) => (row.original.visible ? t('content.banners.visible') : t('content.banners.hidden')),
      },
    ],
    [t],
  );

  return (
    <LangRowsTab
      useRows={useContentBanners}
      columns={columns}
      switchLabel={(b) => (b.visible ? t('content.banners.hide') : t('content.banners.show'))}
      switching={toggle.isPending}
      onSwitch={(b, done) => toggle.mutate(asUpdate(b, !b.visible), done)}
      editor={(banner, onClose, canWrite) => <BannerEditor banner={banner} onClose={onClose} canWrite={canWrite} />}
      newLabel={t('content.banners.new')}
      caption={t('content.tab.banners')}
      empty={t('content.banners.empty')}
    />
  );
}
