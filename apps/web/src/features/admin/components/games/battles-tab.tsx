import { useMemo } from 'react';
import { formatFen, type AdminBattle } from '@skinfair/contract';
import { useGamesT, type GamesMessageId } from '../../i18n/games-messages';
import { useAdminBattle, useAdminBattles, useCancelBattle, type BattleFilters } from '../../api/games';
import { type AdminColumn } from '../data-table';
import { FilterFields } from '../filter-fields';
import { when } from '../format';
import { QueryState } from '../query-state';
import { withAll } from '../select-options';
import { useListFilters } from '../use-list-filters';
import { dateRangeFields, DetailPanel, MonitorList, useCanWriteGames } from './shared';
import { DetailList } from '../panel';

const BATTLE_STATES = ['waiting', 'running', 'ended', 'cancelled', 'voided'] as const;

function BattleDetailPanel({ id, onClose, onCancel }: { id: number; onClose: () => void; onCancel: (() => void) | null }) {
  const t = useGamesT();
  const detail = useAdminBattle(id);
  if (!detail.data) return <QueryState query={detail} />;
  const { battle, boxes, seats, rolls } = detail.data;
  return (
    <DetailPanel title={t('battles.detail.title', { id })} onClose={onClose} onCancel={onCancel && battle.cancellable ? onCancel : null}>
      <DetailList
        rows={[
          [t('battles.state'), t(`battles.state.${battle.state}` as GamesMessageId)],
          [t('battles.mode'), t(`battles.mode.${battle.mode}` as GamesMessageId)],
          [t('battles.col.entry'), formatFen(battle.entryPriceFen)],
          [t('battles.detail.hash'), <span className="break-all font-mono text-xs">{detail.data.publicHash}</span>],
          [t('battles.detail.round.target'), detail.data.targetRound ?? '—'],
        ]}
      />
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
  const view = useListFilters<BattleFilters>({
    state: 'all',
    mode: -1,
    playerId: '',
    from: '',
    to: '',
    page: 1,
  });
  const list = useAdminBattles(view.filters);
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
      <FilterFields
        {...view}
        fields={[
          {
            select: 'state',
            label: t('battles.state'),
            options: withAll('all', t('battles.allStates'), BATTLE_STATES, (s) => t(`battles.state.${s}`)),
          },
          {
            select: 'mode',
            label: t('battles.mode'),
            options: withAll(-1, t('battles.allModes'), [0, 1], (m) => t(`battles.mode.${m}` as GamesMessageId)),
          },
          { search: 'playerId', label: t('battles.player'), numeric: true, maxLength: 16 },
          ...dateRangeFields<BattleFilters>(t),
        ]}
      />
      <MonitorList
        query={list}
        texts={{ caption: t('games.tab.battles'), empty: t('battles.empty') }}
        columns={columns}
        onPage={view.setPage}
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
