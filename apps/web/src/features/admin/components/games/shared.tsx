import { useMemo, useState, type ReactNode } from 'react';
import { roleHasPermission, type Page } from '@skinfair/contract';
import { useAdminMe } from '../../api/session';
import { useGamesT } from '../../i18n/games-messages';
import { toastResult } from '../toast-result';
import type { AdminColumn } from '../data-table';
import { DateFilter } from '../filter-bar';
import { PagedTable } from '../paged-table';
import { ReasonDialog } from '../reason-dialog';
import { smallButtonClass } from '../styles';

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
  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded border border-line bg-panel p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        <div className="flex gap-2">
          {onCancel ? (
            <button type="button" className={smallButtonClass} onClick={onCancel}>
              {t('games.cancel')}
            </button>
          ) : null}
          <button type="button" className={smallButtonClass} onClick={onClose}>
            {t('games.close')}
          </button>
        </div>
      </div>
      {children}
    </section>
  );
}

/** The cancel call of a battle or a giveaway (its TanStack mutation). */
export interface CancelMutation {
  isPending: boolean;
  mutate: (input: { id: number; reason: string }, options: { onSuccess: () => void; onError: (e: Error) => void }) => void;
}

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
    <ReasonDialog
      title={title}
      confirmLabel={t('games.cancel')}
      busy={cancel.isPending}
      onClose={onClose}
      onConfirm={(reason) => cancel.mutate({ id, reason }, toastResult(done, onClose))}
    >
      <p className="text-sm text-slate-300">{body}</p>
    </ReasonDialog>
  );
}

/** The From and To date filters of a monitor's filter bar. */
export function DateRangeFilters({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (patch: { from?: string; to?: string }) => void;
}) {
  const t = useGamesT();
  return (
    <>
      <DateFilter label={t('games.from')} value={from} onChange={(v) => onChange({ from: v })} />
      <DateFilter label={t('games.to')} value={to} onChange={(v) => onChange({ to: v })} />
    </>
  );
}

/**
 * A monitor's list (battles, giveaways): the table with a View action per row, the open row's detail panel
 * and, for those who may write games, the cancel dialog it opens.
 */
export function MonitorList<Row extends { id: number }>({
  query,
  caption,
  columns,
  empty,
  onPage,
  canWrite,
  detail,
  cancel,
  cancelTexts,
}: {
  query: { isError: boolean; error: Error | null; data: Page<Row> | undefined };
  caption: string;
  /** The columns before the actions column. */
  columns: Array<AdminColumn<Row>>;
  empty: string;
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
      <PagedTable
        query={query}
        caption={caption}
        columns={allColumns}
        empty={empty}
        onPage={onPage}
        total={(n) => t('games.total', { n })}
      />
      {open !== null ? detail(open, () => setOpen(null), canWrite ? () => setCancelling(open) : null) : null}
      {cancelling !== null ? (
        <CancelDialog id={cancelling} {...cancelTexts(cancelling)} cancel={cancel} onClose={() => setCancelling(null)} />
      ) : null}
    </>
  );
}
