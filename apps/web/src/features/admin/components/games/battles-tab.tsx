import { useMemo } from 'react';
import { formatFen, type AdminBattle } from '@skinfair/contract';
import { useGamesT, type GamesMessageId } from '../../i18n/games-messages';
import { useAdminBattle, useAdminBattles, useCancelBattle, type BattleFilters } from '../../api/games';
import { type AdminColumn } from '../data-table';
import { FilterBar, SearchFilter, SelectFilter } from '../filter-bar';
import { when } from '../format';
import { QueryState } from '../query-state';
import { withAll } from '../select-options';
import { useListFilters } from '../use-list-filters';
import { DateRangeFilters, DetailPanel, MonitorList, useCanWriteGames } from './shared';

const BATTLE_STATES = ['waiting', 'running', 'ended', 'cancelled', 'voided'] as const;

function BattleDetailPanel({ id, onClose, onCancel }: { id: number; onClose: () => void; onCancel: (() => void) | null }) {
  const t = useGamesT();
  const detail = useAdminBattle(id);
  if (!detail.data) return <QueryState query={detail} />;
  const { battle, boxes, seats, rolls } = detail.data;
  return (
    <DetailPanel title={t('battles.detail.title', { id })} onClose={onClose} onCancel={onCancel && battle.cancellable ? onCancel : null}>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-400">{t('battles.state')}</dt>
        <dd>{t(`battles.state.${battle.state}` as GamesMessageId)}</dd>
        <dt className="text-slate-400">{t('battles.mode')}</dt>
        <dd>{t(`battles.mode.${battle.mode}` as GamesMessageId)}</dd>
        <dt className="text-slate-400">{t('battles.col.entry')}</dt>
        <dd>{formatFen(battle.entryPriceFen)}</dd>
        <dt className="text-slate-400">{t('battles.detail.hash')}</dt>
        <dd className="break-all font-mono text-xs">{detail.data.publicHash}</dd>
        <dt className="text-slate-400">{t('battles.detail.round.target')}</dt>
        <dd>{detail.data.targetRound ?? '—'}</dd>
      </dl>
      {detail.data.refundedCoinFen + detail.data.refundedPointFen > 0 ? (
        <p className="rounded bg-amber-900/40 p-2 text-sm text-amber-200">
          {t('battles.detail.refunded', {
            coin: formatFen(detail.data.refundedCoinFen),
            point: formatFen(detail.data.refundedPointFen),
          })}
        </p>
      ) : null}
      <h3 className="font-semibold">{t('battles.detail.boxes')}</h3>
      <ol className="list-inside list-decimal text-sm">
        {boxes.map((b) => (
          <li key={b.round}>
            {b.boxName} · {formatFen(b.priceFen)} · v{b.version}
          </li>
        ))}
      </ol>
      <h3 className="font-semibold">{t('battles.detail.seats')}</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {seats.map((s) => (
          <li key={s.seat}>
            {t('battles.detail.seat', { n: s.seat })} ·{' '}
            {s.botId !== null ? `${t('battles.detail.bot')} ${s.nickname}` : `${s.nickname} (${s.userId})`} ·{' '}
            {t('battles.detail.paid', { coin: formatFen(s.coinFen), point: formatFen(s.pointFen) })} ·{' '}
            {t('battles.detail.total', { total: formatFen(s.totalFen) })}
            {s.winner ? <strong className="ml-2 text-accent-orange">{t('battles.detail.winner')}</strong> : null}
          </li>
        ))}
      </ul>
      <h3 className="font-semibold">{t('battles.detail.rolls')}</h3>
      {rolls.length === 0 ? (
        <p className="text-sm text-slate-400">{t('battles.detail.noRolls')}</p>
      ) : (
        <ul className="text-sm">
          {rolls.map((r) => (
            <li key={`${r.round}-${r.seat}`}>
              {t('battles.detail.round', { n: r.round })} · {t('battles.detail.seat', { n: r.seat })} · {r.rollCode} · {r.itemName} ·{' '}
              {formatFen(r.valueFen)}
            </li>
          ))}
        </ul>
      )}
    </DetailPanel>
  );
}

/** The battles monitor: filters, the list, one battle in detail and cancel with refunds (games.write). */
export function BattlesTab() {
  const t = useGamesT();
  const canWrite = useCanWriteGames();
  const { filters, set, setPage } = useListFilters<BattleFilters>({
    state: 'all',
    mode: -1,
    playerId: '',
    from: '',
    to: '',
    page: 1,
  });
  const list = useAdminBattles(filters);
  const cancel = useCancelBattle();
  const columns = useMemo<Array<AdminColumn<AdminBattle>>>(
    () => [
      { header: t('battles.col.id'), accessorKey: 'id' },
      { header: t('battles.col.title'), accessorKey: 'title' },
      {
        header: t('battles.mode'),
        cell: ({ row }) => t(`battles.mode.${row.original.mode}` as GamesMessageId),
      },
      {
        header: t('battles.state'),
        cell: ({ row }) => t(`battles.state.${row.original.state}` as GamesMessageId),
      },
      {
        header: t('battles.col.seats'),
        cell: ({ row }) => `${row.original.seatsTaken}/${row.original.seats}`,
      },
      { header: t('battles.col.entry'), cell: ({ row }) => formatFen(row.original.entryPriceFen) },
      { header: t('battles.col.creator'), accessorKey: 'creatorId' },
      { header: t('battles.col.created'), cell: ({ row }) => when(row.original.createdAt) },
    ],
    [t],
  );
  return (
    <div className="flex flex-col gap-4">
      <FilterBar>
        <SelectFilter
          label={t('battles.state')}
          value={filters.state}
          options={withAll('all', t('battles.allStates'), BATTLE_STATES, (s) => t(`battles.state.${s}`))}
          onChange={(state) => set({ state })}
        />
        <SelectFilter
          label={t('battles.mode')}
          value={filters.mode}
          options={[
            { value: -1, label: t('battles.allModes') },
            { value: 0, label: t('battles.mode.0') },
            { value: 1, label: t('battles.mode.1') },
          ]}
          onChange={(mode) => set({ mode })}
        />
        <SearchFilter
          label={t('battles.player')}
          value={filters.playerId}
          numeric
          maxLength={16}
          onChange={(playerId) => set({ playerId })}
        />
        <DateRangeFilters from={filters.from} to={filters.to} onChange={set} />
      </FilterBar>
      <MonitorList
        query={list}
        caption={t('games.tab.battles')}
        columns={columns}
        empty={t('battles.empty')}
        onPage={setPage}
        canWrite={canWrite}
        detail={(id, onClose, onCancel) => <BattleDetailPanel id={id} onClose={onClose} onCancel={onCancel} />}
        cancel={cancel}
        cancelTexts={(id) => ({
          title: t('battles.cancelTitle', { id }),
          body: t('battles.cancelBody'),
          done: t('battles.cancelDone'),
        })}
      />
    </div>
  );
}
