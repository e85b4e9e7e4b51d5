import { useMemo, useState } from 'react';
import { formatFen, type AdminGiveaway } from '@skinfair/contract';
import { useGamesT } from '../../i18n/games-messages';
import { useAdminGiveaway, useAdminGiveaways, useCancelGiveaway, type GiveawayFilters } from '../../api/games';
import { type AdminColumn } from '../data-table';
import { FilterBar, SearchFilter, SelectFilter } from '../filter-bar';
import { when } from '../format';
import { QueryState } from '../query-state';
import { primaryButtonClass } from '../styles';
import { withAll } from '../select-options';
import { useListFilters } from '../use-list-filters';
import { NewGiveawayDialog } from './new-giveaway-dialog';
import { DateRangeFilters, DetailPanel, MonitorList, useCanWriteGames } from './shared';

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
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-400">{t('giveaways.col.title')}</dt>
        <dd>{g.title}</dd>
        <dt className="text-slate-400">{t('giveaways.kind')}</dt>
        <dd>{t(`giveaways.kind.${g.kind}`)}</dd>
        <dt className="text-slate-400">{t('giveaways.state')}</dt>
        <dd>{t(`giveaways.state.${g.state}`)}</dd>
        <dt className="text-slate-400">{t('giveaways.col.open')}</dt>
        <dd>{when(g.openTime)}</dd>
        <dt className="text-slate-400">{t('giveaways.col.entries')}</dt>
        <dd>{g.entryCount}</dd>
        <dt className="text-slate-400">{t('giveaways.detail.remark')}</dt>
        <dd>{detail.data.remark || '—'}</dd>
        <dt className="text-slate-400">{t('giveaways.detail.conditions')}</dt>
        <dd>{conditions.length ? conditions.join('；') : t('giveaways.detail.none')}</dd>
      </dl>
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
  const { filters, set, setPage } = useListFilters<GiveawayFilters>({
    state: 'all',
    kind: 'all',
    creatorId: '',
    from: '',
    to: '',
    page: 1,
  });
  const list = useAdminGiveaways(filters);
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
        <FilterBar>
          <SelectFilter
            label={t('giveaways.state')}
            value={filters.state}
            options={withAll('all', t('giveaways.allStates'), GIVEAWAY_STATES, (s) => t(`giveaways.state.${s}`))}
            onChange={(state) => set({ state })}
          />
          <SelectFilter
            label={t('giveaways.kind')}
            value={filters.kind}
            options={withAll('all', t('giveaways.allKinds'), GIVEAWAY_KINDS, (k) => t(`giveaways.kind.${k}`))}
            onChange={(kind) => set({ kind })}
          />
          <SearchFilter
            label={t('giveaways.creator')}
            value={filters.creatorId}
            numeric
            maxLength={16}
            onChange={(creatorId) => set({ creatorId })}
          />
          <DateRangeFilters from={filters.from} to={filters.to} onChange={set} />
        </FilterBar>
        {canWrite ? (
          <button type="button" className={primaryButtonClass} onClick={() => setCreating(true)}>
            {t('giveaways.new')}
          </button>
        ) : null}
      </div>
      <MonitorList
        query={list}
        caption={t('games.tab.giveaways')}
        columns={columns}
        empty={t('giveaways.empty')}
        onPage={setPage}
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
