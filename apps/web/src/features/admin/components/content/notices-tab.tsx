import { useMemo } from 'react';
import { NOTICE_BODY_MAX, type AdminNotice } from '@skinfair/contract';
import { useContentChange, useContentNotices } from '../../api/content';
import { LangRowsTab, keyLangColumns } from './lang-rows-tab';
import { useContentT } from '../../i18n/content-messages';
import type { AdminColumn } from '../data-table';
import { documentState } from './documents-tab';
import { useEditorForm } from './editor-form';
import { TextArea, TextField } from './input-fields';
import { LangRowEditor } from './lang-fields';
import { PublishFields } from './time-fields';
import { when } from '../format';

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

function NoticeEditor({ notice, onClose, canWrite }: { notice: AdminNotice | null; onClose: () => void; canWrite: boolean }) {
  const t = useContentT();
  const create = useContentChange('notices/create');
  const update = useContentChange('notices/update');
  const busy = create.isPending || update.isPending;
  const editor = useEditorForm<NoticeForm>(formOf(notice), {
    busy,
    onSaved: onClose,
    save: ({ key, lang, newVersion, ...fields }, done) => {
      if (notice) update.mutate({ id: notice.id, ...fields, newVersion }, done);
      else create.mutate({ key, lang, ...fields }, done);
    },
  });
  const { form, set } = editor;
  return (
    <LangRowEditor
      row={notice}
      editTitle="content.notices.editTitle"
      newTitle="content.notices.newTitle"
      editor={editor}
      onClose={onClose}
      canWrite={canWrite}
      busy={busy}
    >
      <TextField label={t('content.titleField')} value={form.title} onChange={(v) => set({ title: v })} maxLength={100} required />
      <TextArea
        label={t('content.notices.body')}
        value={form.body}
        onChange={(v) => set({ body: v })}
        maxLength={NOTICE_BODY_MAX}
        hint={t('content.plainText')}
      />
      <TextField label={t('content.link')} value={form.url} onChange={(v) => set({ url: v.trim() })} maxLength={500} />
      <PublishFields
        published={form.published}
        publishAt={form.publishAt}
        newVersion={notice ? form.newVersion : null}
        newVersionHint={t('content.notices.newVersionHint')}
        onChange={set}
      />
    </LangRowEditor>
  );
}

/** Notices: the public notice overlay's texts, plain text, one row per key and language. */
export function NoticesTab() {
  const t = useContentT();
  const toggle = useContentChange('notices/update');

  const columns = useMemo<Array<AdminColumn<AdminNotice>>>(
    () => [
      ...keyLangColumns<AdminNotice>(t),
      { header: t('content.col.title'), accessorKey: 'title' },
      { header: t('content.col.version'), cell: ({ row }) => `v${row.original.version}` },
      {
        header: t('content.col.state'),
        cell: ({ row }) => t(`content.state.${documentState(row.original)}`),
      },
      { header: t('content.publishAt'), cell: ({ row }) => when(row.original.publishedAt) },
    ],
    [t],
  );

  return (
    <LangRowsTab
      useRows={useContentNotices}
      columns={columns}
      switchLabel={(n) => (n.published ? t('content.notices.archive') : t('content.notices.publish'))}
      switching={toggle.isPending}
      onSwitch={(n, done) => toggle.mutate(asUpdate(n, !n.published), done)}
      editor={(notice, onClose, canWrite) => <NoticeEditor notice={notice} onClose={onClose} canWrite={canWrite} />}
      newLabel={t('content.notices.new')}
      caption={t('content.tab.notices')}
      empty={t('content.notices.empty')}
    />
  );
}
