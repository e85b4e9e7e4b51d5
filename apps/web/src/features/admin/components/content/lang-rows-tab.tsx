import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { Page } from '@skinfair/contract';
import type { LangPage } from '../../api/content';
import { useContentT } from '../../i18n/content-messages';
import type { AdminColumn } from '../data-table';
import { FilterFields } from '../filter-fields';
import { useListFilters } from '../use-list-filters';
import { PagedTable } from '../paged-table';
import { NewButton, RowActions, useCanWriteContent } from './editor-form';
import { langField, langLabel, type Lang } from './lang-fields';

type ContentT = ReturnType<typeof useContentT>;
type Done = { onSuccess: () => void; onError: (e: Error) => void };

/** The key and language columns of a per-language list. */
export function keyLangColumns<Row extends { key: string; lang: Lang }>(t: ContentT): Array<AdminColumn<Row>> {
  return [
    {
      header: t('content.col.key'),
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.key}</span>,
    },
    { header: t('content.col.lang'), cell: ({ row }) => t(langLabel(row.original.lang)) },
  ];
}

/**
 * A list of per-language rows (banners, notices): the language filter, New, the editor of the open row
 * and the table, whose last column edits a row or flips its one switch (show/hide, publish/archive).
 */
export function LangRowsTab<Row extends { id: number; key: string; lang: Lang }>({
  useRows,
  columns,
  switchLabel,
  switching,
  onSwitch,
  editor,
  newLabel,
  caption,
  empty,
}: {
  /** The list's query hook (a module-level hook, the same on every render). */
  useRows: (filters: LangPage) => { isError: boolean; error: Error | null; data: Page<Row> | undefined };
  /** The columns before the actions column. */
  columns: Array<AdminColumn<Row>>;
  switchLabel: (row: Row) => string;
  switching: boolean;
  onSwitch: (row: Row, done: Done) => void;
  /** The editor of a row (null: a new one). */
  editor: (row: Row | null, onClose: () => void, canWrite: boolean) => ReactNode;
  newLabel: string;
  caption: string;
  empty: string;
}) {
  const t = useContentT();
  const canWrite = useCanWriteContent();
  const view = useListFilters<LangPage>({ lang: '', page: 1 });
  const [open, setOpen] = useState<Row | 'new' | null>(null);
  const list = useRows(view.filters);

  const allColumns = useMemo<Array<AdminColumn<Row>>>(
    () => [
      ...columns,
      {
        header: t('content.col.actions'),
        cell: ({ row }) => {
          const r = row.original;
          return (
            <RowActions
              name={`${r.key} ${t(langLabel(r.lang))}`}
              onEdit={() => setOpen(r)}
              canWrite={canWrite}
              switchLabel={switchLabel(r)}
              switching={switching}
              onSwitch={(done) => onSwitch(r, done)}
            />
          );
        },
      },
    ],
    [t, columns, canWrite, switchLabel, switching, onSwitch],
  );

  return (
    <div className="flex flex-col gap-4">
      <FilterFields {...view} fields={[langField(t)]}>
        <NewButton canWrite={canWrite} label={newLabel} onClick={() => setOpen('new')} />
      </FilterFields>
      {open ? (
        <Fragment key={open === 'new' ? 'new' : open.id}>{editor(open === 'new' ? null : open, () => setOpen(null), canWrite)}</Fragment>
      ) : null}
      <PagedTable
        query={list}
        columns={allColumns}
        onPage={view.setPage}
        texts={{ caption: caption, empty: empty, total: (n) => t('content.total', { n }) }}
      />
    </div>
  );
}
