import { useMemo, useState } from 'react';
import { EVENT_RULES_MAX, formatFen, type AdminActivity } from '@skinfair/contract';
import { useContentChange, useContentEvents } from '../../api/content';
import { useContentT } from '../../i18n/content-messages';
import type { AdminColumn } from '../data-table';
import { PagedTable } from '../paged-table';
import { RowActions, useCanWriteContent, EditorForm, useEditorForm } from './editor-form';
import { CheckField, NumberField, TextArea, TextField } from './input-fields';
import { WindowFields } from './time-fields';
import { when } from '../format';

type ActivityForm = Pick<AdminActivity, 'titleZh' | 'rulesZh' | 'startsAt' | 'enabled' | 'sortOrder'> & {
  titleEn: string;
  rulesEn: string;
  endsAt: string;
};

const formOf = (a: AdminActivity): ActivityForm => ({
  titleZh: a.titleZh,
  titleEn: a.titleEn ?? '',
  rulesZh: a.rulesZh,
  rulesEn: a.rulesEn ?? '',
  startsAt: a.startsAt,
  endsAt: a.endsAt ?? '',
  enabled: a.enabled,
  sortOrder: a.sortOrder,
});

const reward = (a: AdminActivity) => (a.kind === 'task' ? formatFen(a.rewardFen) : a.prizesFen.map(formatFen).join(' / '));

function ActivityEditor({ activity, onClose, canWrite }: { activity: AdminActivity; onClose: () => void; canWrite: boolean }) {
  const t = useContentT();
  const update = useContentChange('events/update');
  const { form, set, error, submit } = useEditorForm<ActivityForm>(formOf(activity), {
    busy: update.isPending,
    onSaved: onClose,
    save: (fields, done) => update.mutate({ id: activity.id, ...fields }, done),
  });
  return (
    <EditorForm
      title={t('content.events.editTitle', { slug: activity.slug })}
      onClose={onClose}
      error={error}
      onSubmit={submit}
      canWrite={canWrite}
      busy={update.isPending}
    >
      <p className="text-sm text-slate-400">
        {t(`content.events.kind.${activity.kind}`)} · {t(`content.events.period.${activity.period}`)} ·{' '}
        {t('content.events.rewardFixed', { target: activity.target, reward: reward(activity) })}
      </p>
      <TextField
        label={t('content.events.titleZh')}
        value={form.titleZh}
        onChange={(titleZh) => set({ titleZh })}
        maxLength={60}
        required
      />
      <TextField label={t('content.events.titleEn')} value={form.titleEn} onChange={(titleEn) => set({ titleEn })} maxLength={60} />
      <TextArea
        label={t('content.events.rulesZh')}
        value={form.rulesZh}
        onChange={(rulesZh) => set({ rulesZh })}
        maxLength={EVENT_RULES_MAX}
        rows={4}
        hint={t('content.plainText')}
      />
      <TextArea
        label={t('content.events.rulesEn')}
        value={form.rulesEn}
        onChange={(rulesEn) => set({ rulesEn })}
        maxLength={EVENT_RULES_MAX}
        rows={4}
      />
      <div className="flex flex-wrap items-end gap-4">
        <WindowFields startsAt={form.startsAt} endsAt={form.endsAt} onChange={set} />
        <NumberField label={t('content.order')} value={form.sortOrder} onChange={(sortOrder) => set({ sortOrder })} />
        <CheckField label={t('content.events.enabled')} checked={form.enabled} onChange={(enabled) => set({ enabled })} />
      </div>
    </EditorForm>
  );
}

/** Events: the /event page's daily tasks and leaderboards (texts, window, switch and order). */
export function EventsTab() {
  const t = useContentT();
  const canWrite = useCanWriteContent();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminActivity | null>(null);
  const list = useContentEvents(page);
  const toggle = useContentChange('events/update');

  const columns = useMemo<Array<AdminColumn<AdminActivity>>>(
    () => [
      { header: t('content.col.order'), accessorKey: 'sortOrder' },
      { header: t('content.col.title'), accessorKey: 'titleZh' },
      {
        header: t('content.col.key'),
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.slug}</span>,
      },
      {
        header: t('content.col.state'),
        cell: ({ row }) => `${t(`content.events.kind.${row.original.kind}`)} · ${t(`content.events.period.${row.original.period}`)}`,
      },
      { header: t('content.events.reward'), cell: ({ row }) => reward(row.original) },
      {
        header: t('content.col.window'),
        cell: ({ row }) => `${when(row.original.startsAt)} – ${when(row.original.endsAt)}`,
      },
      {
        header: t('content.events.enabled'),
        cell: ({ row }) => (row.original.enabled ? t('content.events.on') : t('content.events.off')),
      },
      {
        header: t('content.col.actions'),
        cell: ({ row }) => {
          const a = row.original;
          return (
            <RowActions
              name={a.slug}
              onEdit={() => setOpen(a)}
              canWrite={canWrite}
              switchLabel={a.enabled ? t('content.events.disable') : t('content.events.enable')}
              switching={toggle.isPending}
              onSwitch={(done) => toggle.mutate({ id: a.id, ...formOf(a), enabled: !a.enabled }, done)}
            />
          );
        },
      },
    ],
    [t, canWrite, toggle],
  );

  return (
    <div className="flex flex-col gap-4">
      {open ? <ActivityEditor key={open.id} activity={open} onClose={() => setOpen(null)} canWrite={canWrite} /> : null}
      <PagedTable
        query={list}
        columns={columns}
        onPage={setPage}
        texts={{ caption: t('content.tab.events'), empty: t('content.events.empty'), total: (n) => t('content.total', { n }) }}
      />
    </div>
  );
}
