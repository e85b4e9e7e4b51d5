import { useMemo, useState, type FormEvent } from 'react';
import { NOTICE_BODY_MAX, type AdminNotice } from '@skinfair/contract';
import { toast } from '../../../../shared/ui/toast';
import { useContentChange, useContentNotices, type LangPage } from '../../api/content';
import { useContentT, type ContentMessageId } from '../../i18n/content-messages';
import type { AdminColumn } from '../data-table';
import { FilterBar, SelectFilter } from '../filter-bar';
import { PagedTable } from '../paged-table';
import { fieldClass, primaryButtonClass, smallButtonClass } from '../styles';
import { documentState } from './documents-tab';
import { CheckField, DateTimeField, EditorPanel, TextArea, TextField, useCanWriteContent } from './fields';
import { when } from '../format';

const langLabel = (l: 'zh' | 'en') => `content.lang.${l}` as ContentMessageId;

interface NoticeForm {
  key: string;
  lang: 'zh' | 'en';
  title: string;
  body: string;
  url: string;
  published: boolean;
  publishAt: string;
  newVersion: boolean;
}

const formOf = (n: AdminNotice | null): NoticeForm => ({
  key: n?.key ?? '',
  lang: n?.lang ?? 'zh',
  title: n?.title ?? '',
  body: n?.body ?? '',
  url: n?.url ?? '',
  published: n?.published ?? true,
  publishAt: '',
  newVersion: true,
});

/** The fields the server's update takes, from a row as it is (to publish or unpublish it alone). */
const asUpdate = (n: AdminNotice, published: boolean) => ({
  id: n.id,
  title: n.title,
  body: n.body,
  url: n.url ?? '',
  published,
  newVersion: false,
});

function NoticeEditor({
  notice,
  onClose,
  canWrite,
}: {
  notice: AdminNotice | null;
  onClose: () => void;
  canWrite: boolean;
}) {
  const t = useContentT();
  const [form, setForm] = useState<NoticeForm>(formOf(notice));
  const [error, setError] = useState<string | null>(null);
  const create = useContentChange('notices/create');
  const update = useContentChange('notices/update');
  const busy = create.isPending || update.isPending;
  const set = (patch: Partial<NoticeForm>) => setForm({ ...form, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const done = {
      onSuccess: () => {
        void toast.success(t('content.saved'));
        onClose();
      },
      onError: (e: Error) => setError(e.message),
    };
    const { key, lang, newVersion, ...fields } = form;
    if (notice) update.mutate({ id: notice.id, ...fields, newVersion }, done);
    else create.mutate({ key, lang, ...fields }, done);
  };
  const title = notice
    ? t('content.notices.editTitle', { key: notice.key, lang: t(langLabel(notice.lang)) })
    : t('content.notices.newTitle');
  return (
    <EditorPanel title={title} onClose={onClose} closeLabel={t('content.close')} error={error}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-3">
          <TextField
            label={t('content.key')}
            value={form.key}
            onChange={(key) => set({ key: key.trim() })}
            maxLength={40}
            readOnly={notice !== null}
            hint={t('content.key.hint')}
            required
          />
          <label className="flex flex-col gap-1 text-sm text-slate-200">
            {t('content.lang')}
            <select
              className={fieldClass}
              value={form.lang}
              disabled={notice !== null}
              onChange={(e) => set({ lang: e.target.value as 'zh' | 'en' })}
            >
              <option value="zh">{t('content.lang.zh')}</option>
              <option value="en">{t('content.lang.en')}</option>
            </select>
          </label>
        </div>
        <TextField
          label={t('content.titleField')}
          value={form.title}
          onChange={(v) => set({ title: v })}
          maxLength={100}
          required
        />
        <TextArea
          label={t('content.notices.body')}
          value={form.body}
          onChange={(v) => set({ body: v })}
          maxLength={NOTICE_BODY_MAX}
          hint={t('content.plainText')}
        />
        <TextField
          label={t('content.link')}
          value={form.url}
          onChange={(v) => set({ url: v.trim() })}
          maxLength={500}
        />
        <div className="flex flex-wrap items-end gap-4">
          <CheckField
            label={t('content.published')}
            checked={form.published}
            onChange={(published) => set({ published })}
          />
          <DateTimeField
            label={t('content.publishAt')}
            value={form.publishAt}
            onChange={(publishAt) => set({ publishAt })}
          />
          {notice ? (
            <CheckField
              label={t('content.newVersion')}
              hint={t('content.notices.newVersionHint')}
              checked={form.newVersion}
              onChange={(newVersion) => set({ newVersion })}
            />
          ) : null}
        </div>
        {canWrite ? (
          <button type="submit" className={`${primaryButtonClass} self-start`} disabled={busy}>
            {busy ? t('content.saving') : t('content.save')}
          </button>
        ) : null}
      </form>
    </EditorPanel>
  );
}

/** Notices: the public notice overlay's texts, plain text, one row per key and language. */
export function NoticesTab() {
  const t = useContentT();
  const canWrite = useCanWriteContent();
  const [filters, setFilters] = useState<LangPage>({ lang: '', page: 1 });
  const [open, setOpen] = useState<AdminNotice | 'new' | null>(null);
  const list = useContentNotices(filters);
  const toggle = useContentChange('notices/update');

  const columns = useMemo<Array<AdminColumn<AdminNotice>>>(
    () => [
      {
        header: t('content.col.key'),
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.key}</span>,
      },
      { header: t('content.col.lang'), cell: ({ row }) => t(langLabel(row.original.lang)) },
      { header: t('content.col.title'), accessorKey: 'title' },
      { header: t('content.col.version'), cell: ({ row }) => `v${row.original.version}` },
      {
        header: t('content.col.state'),
        cell: ({ row }) => t(`content.state.${documentState(row.original)}`),
      },
      { header: t('content.publishAt'), cell: ({ row }) => when(row.original.publishedAt) },
      {
        header: t('content.col.actions'),
        cell: ({ row }) => {
          const n = row.original;
          const name = `${n.key} ${t(langLabel(n.lang))}`;
          return (
            <div className="flex gap-1">
              <button
                type="button"
                className={smallButtonClass}
                aria-label={`${t('content.edit')} ${name}`}
                onClick={() => setOpen(n)}
              >
                {t('content.edit')}
              </button>
              {canWrite ? (
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={toggle.isPending}
                  aria-label={`${n.published ? t('content.notices.archive') : t('content.notices.publish')} ${name}`}
                  onClick={() =>
                    toggle.mutate(asUpdate(n, !n.published), {
                      onSuccess: () => void toast.success(t('content.saved')),
                      onError: (e) => void toast.error(e.message),
                    })
                  }
                >
                  {n.published ? t('content.notices.archive') : t('content.notices.publish')}
                </button>
              ) : null}
            </div>
          );
        },
      },
    ],
    [t, canWrite, toggle],
  );

  return (
    <div className="flex flex-col gap-4">
      <FilterBar>
        <SelectFilter
          label={t('content.lang')}
          value={filters.lang}
          options={[
            { value: '' as const, label: t('content.lang.all') },
            { value: 'zh' as const, label: t('content.lang.zh') },
            { value: 'en' as const, label: t('content.lang.en') },
          ]}
          onChange={(lang) => setFilters({ lang, page: 1 })}
        />
        {canWrite ? (
          <button type="button" className={primaryButtonClass} onClick={() => setOpen('new')}>
            {t('content.notices.new')}
          </button>
        ) : null}
      </FilterBar>
      {open ? (
        <NoticeEditor
          key={open === 'new' ? 'new' : open.id}
          notice={open === 'new' ? null : open}
          onClose={() => setOpen(null)}
          canWrite={canWrite}
        />
      ) : null}
      <PagedTable
        query={list}
        caption={t('content.tab.notices')}
        columns={columns}
        empty={t('content.notices.empty')}
        onPage={(page) => setFilters({ ...filters, page })}
        total={(n) => t('content.total', { n })}
      />
    </div>
  );
}
