import { useMemo, useState } from 'react';
import { formatFen, roleHasPermission, type AdminPlayer, type PlayerStatus } from '@skinfair/contract';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { useAdminMe } from '../api/session';
import { usePlayers, type PlayerFilters } from '../api/players';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { useListFilters } from '../components/use-list-filters';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar';
import { smallButtonClass } from '../components/styles';
import { PlayerDetailPanel } from '../components/player-detail-panel';
import { when } from '../components/format';

export const playerStatusLabel = (status: PlayerStatus) => `admin.players.status.${status}` as AdminMessageId;

/** Issue 16 §6: find a player by id, mobile or nickname, then their view and the actions on it. */
export default function PlayersPage() {
  const t = useAdminT();
  const me = useAdminMe();
  const { filters, set, setPage } = useListFilters<PlayerFilters>({ q: '', status: '', page: 1 });
  const [openId, setOpenId] = useState<number | null>(null);
  const list = usePlayers(filters);
  const permissions = {
    write: me.data ? roleHasPermission(me.data.role, 'players.write') : false,
    adjust: me.data ? roleHasPermission(me.data.role, 'balances.adjust') : false,
  };

  const columns = useMemo<Array<AdminColumn<AdminPlayer>>>(
    () => [
      { header: t('admin.players.col.id'), accessorKey: 'id' },
      { header: t('admin.players.col.nickname'), accessorKey: 'nickname' },
      { header: t('admin.players.col.mobile'), cell: ({ row }) => row.original.mobile ?? '—' },
      { header: t('admin.players.col.coins'), cell: ({ row }) => formatFen(row.original.coinFen) },
      { header: t('admin.players.col.points'), cell: ({ row }) => formatFen(row.original.pointFen) },
      { header: t('admin.players.col.status'), cell: ({ row }) => t(playerStatusLabel(row.original.status)) },
      { header: t('admin.players.col.created'), cell: ({ row }) => when(row.original.createdAt) },
      {
        header: t('admin.players.col.actions'),
        cell: ({ row }) => (
          <button type="button" className={smallButtonClass} onClick={() => setOpenId(row.original.id)}>
            {t('admin.players.view', { id: row.original.id })}
          </button>
        ),
      },
    ],
    [t],
  );

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('admin.players.title')}</h1>
      <FilterBar>
        <SearchFilter label={t('admin.players.search')} value={filters.q} maxLength={32} wide onChange={(q) => set({ q })} />
        <SelectFilter
          label={t('admin.players.col.status')}
          value={filters.status}
          options={[
            { value: '' as PlayerStatus | '', label: t('admin.players.allStatuses') },
            ...(['active', 'frozen', 'cancelled'] as const).map((s) => ({ value: s as PlayerStatus | '', label: t(playerStatusLabel(s)) })),
          ]}
          onChange={(status) => set({ status })}
        />
      </FilterBar>
      <PagedTable query={list} caption={t('admin.players.title')} columns={columns} empty={t('admin.players.empty')} onPage={setPage} />
      {openId !== null ? <PlayerDetailPanel id={openId} permissions={permissions} onClose={() => setOpenId(null)} /> : null}
    </section>
  );
}
