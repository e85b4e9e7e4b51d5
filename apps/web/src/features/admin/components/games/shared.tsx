import { useMemo, useState, type ReactNode } from 'react';
import { roleHasPermission, type Page } from '@skinfair/contract';
import { useAdminMe } from '../../api/session';
import { useGamesT } from '../../i18n/games-messages';
import type { AdminColumn } from '../data-table';
import type { FilterField, TextKey } from '../filter-fields';
import { PagedTable, type ListTexts } from '../paged-table';
import { ReasonChange, type ReasonMutation } from '../reason-dialog';
import { smallButtonClass } from '../styles';
import { Panel } from '../panel';

/** What the Games screen's tabs share: the write permission, the detail panel and the cancel dialog. */

export function useCanWriteGames(): boolean {
  const me = useAdminMe();
  return me.data ? roleHasPermission(me.data.role, 'games.write') : false;
}

/**
 * A battle's or giveaway's detail panel: a labelled region with its title, Close and, when the operator
 * may cancel this one (`onCancel` set), Cancel.
 */
export function DetailPanel({
  title,
  onClose,
  onCancel,
  children,
}: {
  title: string;
  onClose: () => void;
  onCancel: (() => void) | null;
  children: ReactNode;
}) {
  const t = useGamesT();
  const cancel = onCancel ? (
    <button type="button" className={smallButtonClass} onClick={onCancel}>
      {t('games.cancel')}
    </button>
  ) : null;
  return (
    <Panel title={title} closeLabel={t('games.close')} onClose={onClose} actions={cancel}>
      {children}
    </Panel>
  );
}

/** The cancel call of a battle or a giveaway (its TanStack mutation). */
export type CancelMutation = ReasonMutation<{ id: number; reason: string }>;

/** Cancel a battle or a giveaway with a reason (refunds are the server's); closes and says so when done. */
export function CancelDialog({
  id,
  title,
  body,
  done,
  cancel,
  onClose,
}: {
  id: number;
  title: string;
  body: string;
  done: string;
  cancel: CancelMutation;
  onClose: () => void;
}) {
  const t = useGamesT();
  return (
    <ReasonChange title={title} confirmLabel={t('games.cancel')} change={cancel} params={{ id }} done={done} onClose={onClose}>
      <p className="text-sm text-slate-300">{body}</p>
    </ReasonChange>
  );
}

/** The From and To date filters of a monitor's filter bar. */
export const dateRangeFields = <F extends { from: string; to: string }>(t: ReturnType<typeof useGamesT>): Array<FilterField<F>> => [
  { date: 'from' as TextKey<F>, label: t('games.from') },
  { date: 'to' as TextKey<F>, label: t('games.to') },
];

/**
 * A monitor's list (battles, giveaways): the table with a View action per row, the open row's detail panel
 * and, for those who may write games, the cancel dialog it opens.
 */
export function MonitorList<Row extends { id: number }>({
  query,
  texts,
  columns,
  onPage,
  canWrite,
  detail,
  cancel,
  cancelTexts,
}: {
  query: { isError: boolean; error: Error | null; data: Page<Row> | undefined };
  texts: Omit<ListTexts, 'total'>;
  /** The columns before the actions column. */
  columns: Array<AdminColumn<Row>>;
  onPage: (page: number) => void;
  canWrite: boolean;
  /** The detail panel of one row; `onCancel` is null when the operator may not cancel. */
  detail: (id: number, onClose: () => void, onCancel: (() => void) | null) => ReactNode;
  cancel: CancelMutation;
  cancelTexts: (id: number) => { title: string; body: string; done: string };
}) {
  const t = useGamesT();
  const [open, setOpen] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const allColumns = useMemo<Array<AdminColumn<Row>>>(
    () => [
      ...columns,
      {
        header: t('games.actions'),
        cell: ({ row }) => (
          <button type="button" className={smallButtonClass} onClick={() => setOpen(row.original.id)}>
            {t('games.view')}
          </button>
        ),
      },
    ],
    [t, columns],
  );
  return (
    <>
      <PagedTable query={query} columns={allColumns} onPage={onPage} texts={{ ...texts, total: (n) => t('games.total', { n }) }} />
      {open !== null ? detail(open, () => setOpen(null), canWrite ? () => setCancelling(open) : null) : null}
      {cancelling !== null ? (
        <CancelDialog id={cancelling} {...cancelTexts(cancelling)} cancel={cancel} onClose={() => setCancelling(null)} />
      ) : null}
    </>
  );
}
