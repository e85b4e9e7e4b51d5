import { useMemo, useState } from 'react';
import { formatFen, roleHasPermission, type AdminPlayer, type PlayerStatus } from '@skinfair/contract';
import { useAdminT, type AdminMessageId } from '../i18n/messages';
import { useAdminMe } from '../api/session';
import { usePlayers } from '../api/players';
import type { AdminColumn } from '../components/data-table';
import { ListView, useListPage } from '../components/list-view';
import { withAll } from '../components/select-options';
import { smallButtonClass } from '../components/styles';
import { PlayerDetailPanel } from '../components/player-detail-panel';
import { when } from '../components/format';
import { ConsolePage } from '../components/console-page';

const STATUSES: readonly PlayerStatus[] = ['active', 'frozen', 'cancelled'];

export const playerStatusLabel = (status: PlayerStatus) => `admin.players.status.${status}` as AdminMessageId;

/** Issue 16 §6: find a player by id, mobile or nickname, then their view and the actions on it. */
export default function PlayersPage() {
  const t = useAdminT();
  const me = useAdminMe();
  const view = useListPage(usePlayers, { q: '', status: '', page: 1 });
  const [openId, setOpenId] = useState<number | null>(null);
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
    <ConsolePage title={t('admin.players.title')}>
      <ListView
        {...view}
        fields={[
          { search: 'q', label: t('admin.players.search'), maxLength: 32, wide: true },
          {
            select: 'status',
            label: t('admin.players.col.status'),
            options: withAll('', t('admin.players.allStatuses'), STATUSES, (s) => t(playerStatusLabel(s))),
          },
        ]}
        columns={columns}
        texts={{ caption: t('admin.players.title'), empty: t('admin.players.empty') }}
      />
      {openId !== null ? <PlayerDetailPanel id={openId} permissions={permissions} onClose={() => setOpenId(null)} /> : null}
    </ConsolePage>
  );
}
