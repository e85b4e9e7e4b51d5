import { useMemo, useState, type FormEvent } from 'react';
import { formatFen, type AdminBot } from '@skinfair/contract';
import { Dialog } from '../../../../shared/ui/dialog';
import { toastResult } from '../toast-result';
import { useGamesT } from '../../i18n/games-messages';
import { useAdminBots, useUpdateBot } from '../../api/games';
import { DataTable, type AdminColumn } from '../data-table';
import { QueryState } from '../query-state';
import { smallButtonClass } from '../styles';
import { LabelledInput } from '../labelled';
import { useCanWriteGames } from './shared';
import { FormActions } from '../form-actions';

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
        <LabelledInput label={t('bots.nickname')} value={nickname} maxLength={16} required onChange={setNickname} />
        <LabelledInput label={t('bots.avatar')} value={headPic} maxLength={300} onChange={setHeadPic} />
        <FormActions cancelLabel={t('bots.cancel')} submitLabel={t('bots.save')} onCancel={onClose} disabled={!ready || update.isPending} />
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
