import { useMemo, useState, type FormEvent } from 'react';
import { formatFen, type AdminBot } from '@skinfair/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { toastResult } from '../toast-result';
import { useGamesT } from '../../i18n/games-messages';
import { useAdminBots, useUpdateBot } from '../../api/games';
import { DataTable, type AdminColumn } from '../data-table';
import { QueryState } from '../query-state';
import { buttonClass, fieldClass, primaryButtonClass, smallButtonClass } from '../styles';
import { useCanWriteGames } from './shared';

function BotDialog({ bot, onClose }: { bot: AdminBot; onClose: () => void }) {
  const t = useGamesT();
  const update = useUpdateBot();
  const [nickname, setNickname] = useState(bot.nickname);
  const [headPic, setHeadPic] = useState(bot.headPic ?? '');
  const ready = nickname.trim().length >= 2 && nickname.trim().length <= 16;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || update.isPending) return;
    update.mutate(
      { id: bot.id, nickname: nickname.trim(), ...(headPic.trim() ? { headPic: headPic.trim() } : {}) },
      toastResult(t('bots.saved'), onClose),
    );
  };
  return (
    <Dialog title={t('bots.editTitle', { id: bot.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('bots.nickname')}
          <input className={fieldClass} value={nickname} maxLength={16} required onChange={(e) => setNickname(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {t('bots.avatar')}
          <input className={fieldClass} value={headPic} maxLength={300} onChange={(e) => setHeadPic(e.target.value)} />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass} onClick={onClose}>
            {t('bots.cancel')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={!ready || update.isPending}>
            {t('bots.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The battle bots: their record and profit; games.write renames them and turns them on or off. */
export function BotsTab() {
  const t = useGamesT();
  const canWrite = useCanWriteGames();
  const bots = useAdminBots();
  const update = useUpdateBot();
  const [editing, setEditing] = useState<AdminBot | null>(null);
  const columns = useMemo<Array<AdminColumn<AdminBot>>>(
    () => [
      { header: t('bots.col.id'), accessorKey: 'id' },
      { header: t('bots.col.nickname'), accessorKey: 'nickname' },
      { header: t('bots.col.avatar'), cell: ({ row }) => row.original.headPic ?? '—' },
      {
        header: t('bots.col.enabled'),
        cell: ({ row }) => (row.original.enabled ? t('games.yes') : t('games.no')),
      },
      {
        header: t('bots.col.record'),
        cell: ({ row }) => t('bots.record', { played: row.original.played, won: row.original.won }),
      },
      { header: t('bots.col.profit'), cell: ({ row }) => formatFen(row.original.profitFen) },
      {
        header: t('games.actions'),
        cell: ({ row }) =>
          canWrite ? (
            <div className="flex gap-1">
              <button type="button" className={smallButtonClass} onClick={() => setEditing(row.original)}>
                {t('bots.edit')}
              </button>
              <button
                type="button"
                className={smallButtonClass}
                disabled={update.isPending}
                onClick={() => update.mutate({ id: row.original.id, enabled: !row.original.enabled }, toastResult(t('bots.saved')))}
              >
                {row.original.enabled ? t('bots.disable') : t('bots.enable')}
              </button>
            </div>
          ) : null,
      },
    ],
    [t, canWrite, update],
  );
  if (!bots.data) return <QueryState query={bots} />;
  return (
    <div className="flex flex-col gap-4">
      <DataTable caption={t('bots.title')} columns={columns} data={bots.data} empty={t('bots.empty')} />
      {editing ? <BotDialog bot={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
