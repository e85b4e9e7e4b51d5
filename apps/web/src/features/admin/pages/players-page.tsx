import { useMemo, useState } from 'react';
import { formatFen, roleHasPermission, type AdminPlayer, type PlayerStatus } from '@skinfair/contract';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { useAdminMe } from '../api/session';
import { usePlayers, type PlayerFilters } from '../api/players';
import type { AdminColumn } from '../components/data-table';
import { PagedTable } from '../components/paged-table';
import { PlayerDetailPanel } from '../components/player-detail-panel';

const field = 'rounded border border-line bg-panel-2 px-2 py-1.5 text-sm text-white';
const small = 'rounded border border-line px-2 py-1 text-xs text-slate-200 hover:bg-panel-2';
export const playerStatusLabel = (status: PlayerStatus) => `admin.players.status.${status}` as AdminMessageId;

/** Issue 16 §6: find a player by id, mobile or nickname, then their view and the actions on it. */
export default function PlayersPage() {
  const t = useAdminT();
  const me = useAdminMe();
  const [filters, setFilters] = useState<PlayerFilters>({ q: '', status: '', page: 1 });
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
      { header: t('admin.players.col.created'), cell: ({ row }) => new Date(row.original.createdAt).toLocaleString() },
      {
        header: t('admin.players.col.actions'),
        cell: ({ row }) => (
          <button type="button" className={small} onClick={() => setOpenId(row.original.id)}>
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
      <div className="flex flex-wrap gap-2">
        <input
          type="search"
          aria-label={t('admin.players.search')}
          placeholder={t('admin.players.search')}
          className={`${field} w-72`}
          maxLength={32}
          value={filters.q}
          onChange={(e) => setFilters({ ...filters, q: e.target.value, page: 1 })}
        />
        <select
          aria-label={t('admin.players.col.status')}
          className={field}
          value={filters.status}
          onChange={(e) => setFilters({ ...filters, status: e.target.value as PlayerStatus | '', page: 1 })}
        >
          <option value="">{t('admin.players.allStatuses')}</option>
          {(['active', 'frozen', 'cancelled'] as const).map((s) => (
            <option key={s} value={s}>
              {t(playerStatusLabel(s))}
            </option>
          ))}
        </select>
      </div>
      <PagedTable
        query={list}
        caption={t('admin.players.title')}
        columns={columns}
        empty={t('admin.players.empty')}
        onPage={(page) => setFilters({ ...filters, page })}
      />
      {openId !== null ? <PlayerDetailPanel id={openId} permissions={permissions} onClose={() => setOpenId(null)} /> : null}
    </section>
  );
}
