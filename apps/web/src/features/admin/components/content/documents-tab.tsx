import { Suspense, useMemo, useState, type FormEvent } from 'react';
import {
  DOCUMENT_BODY_MAX,
  documentCategories,
  type AdminDocument,
  type AdminDocumentSummary,
  type DocumentCategory,
} from '@skinfair/contract';
import { toast } from '../../../../shared/ui/toast';
import { useContentChange, useContentDocument, useContentDocuments, type DocumentFilters } from '../../api/content';
import { useAdminT } from '../../i18n/messages';
import { useContentT, type ContentMessageId } from '../../i18n/content-messages';
import type { AdminColumn } from '../data-table';
import { FilterFields } from '../filter-fields';
import { useListFilters } from '../use-list-filters';
import { withAll } from '../select-options';
import { PagedTable } from '../paged-table';
import { fieldClass, primaryButtonClass, smallButtonClass, buttonClass } from '../styles';
import { EditorPanel, NewButton, SaveButton, useCanWriteContent } from './editor-form';
import { NumberField, TextArea, TextField } from './input-fields';
import { KeyLangFields, langField, langLabel, type Lang } from './lang-fields';
import { PublishFields } from './time-fields';
import { when } from '../format';
import { useRenderMarkdown } from './markdown-preview';
import { keyLangColumns } from './lang-rows-tab';

const categoryLabel = (c: DocumentCategory) => `content.docs.category.${c}` as ContentMessageId;

export function documentState(d: { published: boolean; publishedAt: string }): 'published' | 'scheduled' | 'draft' {
  if (!d.published) return 'draft';
  return Date.parse(d.publishedAt) > Date.now() ? 'scheduled' : 'published';
}

interface DocumentForm {
  key: string;
  lang: Lang;
  category: DocumentCategory;
  title: string;
  summary: string;
  body: string;
  sortOrder: number;
  published: boolean;
  publishAt: string;
  newVersion: boolean;
}

const formOf = (key: string, lang: Lang, row: AdminDocument | undefined, sibling: AdminDocument | undefined): DocumentForm => ({
  key,
  lang,
  category: row?.category ?? sibling?.category ?? 'help',
  title: row?.title ?? '',
  summary: row?.summary ?? '',
  body: row?.body ?? '',
  sortOrder: row?.sortOrder ?? sibling?.sortOrder ?? 0,
  published: row?.published ?? true,
  publishAt: '',
  newVersion: true,
});

function DocumentEditor({ open, onClose, canWrite }: { open: { key: string; lang: Lang } | null; onClose: () => void; canWrite: boolean }) {
  const t = useContentT();
  const detail = useContentDocument(open?.key ?? null);
  const [lang, setLang] = useState<Lang>(open?.lang ?? 'zh');
  const rows = detail.data ?? [];
  const row = rows.find((r) => r.lang === lang);
  const loaded = open === null || detail.data !== undefined;
  const [form, setForm] = useState<DocumentForm | null>(open === null ? formOf('', 'zh', undefined, undefined) : null);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useContentChange('documents/save');
  // The players' renderer (react-markdown without raw HTML, then rehype-sanitize), composed in by the app.
  const renderMarkdown = useRenderMarkdown();
  // The form follows the row of the chosen language once it has loaded (and again on a language switch).
  const current = form ?? (loaded && open ? formOf(open.key, lang, row, rows[0]) : null);
  const set = (patch: Partial<DocumentForm>) => current && setForm({ ...current, ...patch });
  const switchLang = (next: Lang) => {
    setLang(next);
    if (open)
      setForm(
        formOf(
          open.key,
          next,
          rows.find((r) => r.lang === next),
          rows[0],
        ),
      );
    else set({ lang: next });
  };
  const title = open ? t('content.docs.editTitle', { key: open.key, lang: t(langLabel(lang)) }) : t('content.docs.newTitle');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current || save.isPending) return;
    setError(null);
    save.mutate(
      { ...current, lang: open ? lang : current.lang },
      {
        onSuccess: (saved) => {
          setForm(formOf(saved.key, saved.lang, saved, undefined));
          void toast.success(t('content.saved'));
          if (!open) onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <EditorPanel title={title} onClose={onClose} closeLabel={t('content.close')} error={error}>
      {!current ? (
        <p role="status" className="text-slate-400">
          …
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3">
          <KeyLangFields
            keyValue={current.key}
            lang={open ? lang : current.lang}
            onKey={(key) => set({ key })}
            onLang={switchLang}
            keyLocked={open !== null}
            langLocked={false}
          >
            <label className="flex flex-col gap-1 text-sm text-slate-200">
              {t('content.docs.category')}
              <select
                className={fieldClass}
                value={current.category}
                onChange={(e) => set({ category: e.target.value as DocumentCategory })}
              >
                {documentCategories.map((c) => (
                  <option key={c} value={c}>
                    {t(categoryLabel(c))}
                  </option>
                ))}
              </select>
            </label>
            <NumberField label={t('content.order')} value={current.sortOrder} onChange={(sortOrder) => set({ sortOrder })} />
          </KeyLangFields>
          {open && !row ? <p className="text-sm text-amber-200">{t('content.docs.noTranslation')}</p> : null}
          {row ? (
            <p className="text-xs text-slate-400">
              v{row.version} · {t(`content.state.${documentState(row)}`)} · {when(row.publishedAt)} · {t(`content.source.${row.source}`)}
            </p>
          ) : null}
          <TextField label={t('content.titleField')} value={current.title} onChange={(v) => set({ title: v })} maxLength={100} required />
          <TextField label={t('content.docs.summary')} value={current.summary} onChange={(v) => set({ summary: v })} maxLength={200} />
          <TextArea
            label={t('content.docs.body')}
            value={current.body}
            onChange={(v) => set({ body: v })}
            maxLength={DOCUMENT_BODY_MAX}
            rows={14}
            hint={t('content.docs.bodyHint')}
          />
          <PublishFields
            published={current.published}
            publishAt={current.publishAt}
            newVersion={open && row ? current.newVersion : null}
            onChange={set}
          />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass} aria-expanded={previewing} onClick={() => setPreviewing(!previewing)}>
              {previewing ? t('content.docs.hidePreview') : t('content.docs.preview')}
            </button>
            <SaveButton canWrite={canWrite} busy={save.isPending} className={primaryButtonClass} />
          </div>
          {previewing ? (
            <section aria-label={t('content.docs.previewTitle')} className="rounded border border-line bg-panel-2/40 p-4">
              <h3 className="mb-2 text-sm text-slate-400">{t('content.docs.previewTitle')}</h3>
              <h1 className="mb-3 text-xl font-bold text-white">{current.title}</h1>
              <Suspense fallback={<p role="status">…</p>}>{renderMarkdown(current.body)}</Suspense>
            </section>
          ) : null}
        </form>
      )}
    </EditorPanel>
  );
}

/** Documents: help, support, legal and news pages, one row per key and language. */
export function DocumentsTab() {
  const t = useContentT();
  const at = useAdminT();
  const canWrite = useCanWriteContent();
  const view = useListFilters<DocumentFilters>({ category: '', lang: '', keyword: '', page: 1 });
  const [open, setOpen] = useState<{ key: string; lang: Lang } | 'new' | null>(null);
  const list = useContentDocuments(view.filters);

  const columns = useMemo<Array<AdminColumn<AdminDocumentSummary>>>(
    () => [
      ...keyLangColumns<AdminDocumentSummary>(t),
      { header: t('content.docs.category'), cell: ({ row }) => t(categoryLabel(row.original.category)) },
      { header: t('content.col.title'), accessorKey: 'title' },
      { header: t('content.col.version'), cell: ({ row }) => `v${row.original.version}` },
      {
        header: t('content.col.state'),
        cell: ({ row }) => t(`content.state.${documentState(row.original)}`),
      },
      { header: t('content.col.source'), cell: ({ row }) => t(`content.source.${row.original.source}`) },
      { header: t('content.col.updated'), cell: ({ row }) => when(row.original.updatedAt) },
      {
        header: t('content.col.actions'),
        cell: ({ row }) => (
          <button
            type="button"
            className={smallButtonClass}
            aria-label={`${t('content.edit')} ${row.original.key} ${t(langLabel(row.original.lang))}`}
            onClick={() => setOpen({ key: row.original.key, lang: row.original.lang })}
          >
            {t('content.edit')}
          </button>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="flex flex-col gap-4">
      <FilterFields
        {...view}
        fields={[
          {
            select: 'category',
            label: t('content.docs.category'),
            options: withAll('', t('content.docs.allCategories'), documentCategories, (c) => t(categoryLabel(c))),
          },
          langField(t),
          { search: 'keyword', label: t('content.docs.search'), maxLength: 50 },
        ]}
      >
        <NewButton canWrite={canWrite} label={t('content.docs.new')} onClick={() => setOpen('new')} />
      </FilterFields>
      {open ? (
        <DocumentEditor
          key={open === 'new' ? 'new' : `${open.key}:${open.lang}`}
          open={open === 'new' ? null : open}
          onClose={() => setOpen(null)}
          canWrite={canWrite}
        />
      ) : null}
      <PagedTable
        query={list}
        columns={columns}
        onPage={view.setPage}
        texts={{ caption: at('admin.nav.content'), empty: t('content.docs.empty'), total: (n) => t('content.total', { n }) }}
      />
    </div>
  );
}
