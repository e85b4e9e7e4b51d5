import { useMemo, useState } from 'react';
import { formatFen, type AdminGiveaway } from '@skinfair/contract';
import { useGamesT } from '../../i18n/games-messages';
import { useAdminGiveaway, useAdminGiveaways, useCancelGiveaway, type GiveawayFilters } from '../../api/games';
import { type AdminColumn } from '../data-table';
import { FilterFields } from '../filter-fields';
import { when } from '../format';
import { QueryState } from '../query-state';
import { primaryButtonClass } from '../styles';
import { withAll } from '../select-options';
import { useListFilters } from '../use-list-filters';
import { NewGiveawayDialog } from './new-giveaway-dialog';
import { dateRangeFields, DetailPanel, MonitorList, useCanWriteGames } from './shared';
import { DetailList } from '../panel';

const GIVEAWAY_STATES = ['running', 'ended', 'cancelled'] as const;
const GIVEAWAY_KINDS = ['official', 'streamer', 'own'] as const;

function GiveawayDetailPanel({ id, onClose, onCancel }: { id: number; onClose: () => void; onCancel: (() => void) | null }) {
  const t = useGamesT();
  const detail = useAdminGiveaway(id);
  if (!detail.data) return <QueryState query={detail} />;
  const { giveaway: g, conditions: c, prizes } = detail.data;
  const conditions = [
    g.private ? t('giveaways.detail.password') : null,
    c.minDepositFen > 0 ? t('giveaways.detail.minDeposit', { amount: formatFen(c.minDepositFen) }) : null,
    c.depositStart || c.depositEnd ? t('giveaways.detail.window', { from: when(c.depositStart), to: when(c.depositEnd) }) : null,
    c.minVipGrade > 0 ? t('giveaways.detail.vip', { grade: c.minVipGrade }) : null,
    c.promotionUserId !== null ? t('giveaways.detail.promotion', { id: c.promotionUserId }) : null,
  ].filter((x): x is string => x !== null);
  return (
    <DetailPanel title={t('giveaways.detail.title', { id })} onClose={onClose} onCancel={onCancel && g.cancellable ? onCancel : null}>
      <DetailList
        rows={[
          [t('giveaways.col.title'), g.title],
          [t('giveaways.kind'), t(`giveaways.kind.${g.kind}`)],
          [t('giveaways.state'), t(`giveaways.state.${g.state}`)],
          [t('giveaways.col.open'), when(g.openTime)],
          [t('giveaways.col.entries'), g.entryCount],
          [t('giveaways.detail.remark'), detail.data.remark || '—'],
          [t('giveaways.detail.conditions'), conditions.length ? conditions.join('；') : t('giveaways.detail.none')],
        ]}
      />
      <h3 className="font-semibold">{t('giveaways.detail.prizes')}</h3>
      <ol className="list-inside list-decimal text-sm">
        {prizes.map((p) => (
          <li key={p.position}>
            {p.itemName} · {formatFen(p.valueFen)} ·{' '}
            {p.source === 'stock' ? t('giveaways.detail.source.stock', { id: p.stockId ?? '' }) : t('giveaways.detail.source.escrow')}
            {p.winnerUserId !== null ? ` · ${t('giveaways.detail.winner', { id: p.winnerUserId, no: p.winnerEntryNo ?? '' })}` : ''}
          </li>
        ))}
      </ol>
    </DetailPanel>
  );
}

/** The giveaways monitor: filters, the list, one giveaway in detail, cancel (games.write) and new official giveaways. */
export function GiveawaysTab() {
  const t = useGamesT();
  const canWrite = useCanWriteGames();
  const view = useListFilters<GiveawayFilters>({
    state: 'all',
    kind: 'all',
    creatorId: '',
    from: '',
    to: '',
    page: 1,
  });
  const list = useAdminGiveaways(view.filters);
  const cancel = useCancelGiveaway();
  const [creating, setCreating] = useState(false);
  const columns = useMemo<Array<AdminColumn<AdminGiveaway>>>(
    () => [
      { header: t('giveaways.col.id'), accessorKey: 'id' },
      { header: t('giveaways.col.title'), accessorKey: 'title' },
      { header: t('giveaways.kind'), cell: ({ row }) => t(`giveaways.kind.${row.original.kind}`) },
      { header: t('giveaways.state'), cell: ({ row }) => t(`giveaways.state.${row.original.state}`) },
      { header: t('giveaways.col.open'), cell: ({ row }) => when(row.original.openTime) },
      { header: t('giveaways.col.prizes'), accessorKey: 'prizeCount' },
      { header: t('giveaways.col.pool'), cell: ({ row }) => formatFen(row.original.poolValueFen) },
      { header: t('giveaways.col.entries'), accessorKey: 'entryCount' },
    ],
    [t],
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <FilterFields
          {...view}
          fields={[
            {
              select: 'state',
              label: t('giveaways.state'),
              options: withAll('all', t('giveaways.allStates'), GIVEAWAY_STATES, (s) => t(`giveaways.state.${s}`)),
            },
            {
              select: 'kind',
              label: t('giveaways.kind'),
              options: withAll('all', t('giveaways.allKinds'), GIVEAWAY_KINDS, (k) => t(`giveaways.kind.${k}`)),
            },
            { search: 'creatorId', label: t('giveaways.creator'), numeric: true, maxLength: 16 },
            ...dateRangeFields<GiveawayFilters>(t),
          ]}
        />
        {canWrite ? (
          <button type="button" className={primaryButtonClass} onClick={() => setCreating(true)}>
            {t('giveaways.new')}
          </button>
        ) : null}
      </div>
      <MonitorList
        query={list}
        texts={{ caption: t('games.tab.giveaways'), empty: t('giveaways.empty') }}
        columns={columns}
        onPage={view.setPage}
        canWrite={canWrite}
        detail={(id, onClose, onCancel) => <GiveawayDetailPanel id={id} onClose={onClose} onCancel={onCancel} />}
        cancel={cancel}
        cancelTexts={(id) => ({
          title: t('giveaways.cancelTitle', { id }),
          body: t('giveaways.cancelBody'),
          done: t('giveaways.cancelDone'),
        })}
      />
      {creating ? <NewGiveawayDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
