import { useState } from 'react';
import { GiveawayRoomType, GiveawayState, type GiveawayRoom } from '@skinfair/contract';
import { requireLogin } from '../../../shared/api/require-login';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import { serverNow } from '../../../shared/time/server-clock';
import { useCancelGiveaway } from '../api/cancel-giveaway';
import { useJoinGiveaway } from '../api/join-giveaway';
import { joinBlock } from '../join-block';

/**
 * Join (with the room's password when it has one), the reason when the viewer cannot, and for the creator
 * of a player or streamer room nobody has joined yet: cancel (the items go back to the backpack).
 */
export function JoinPanel({ room, meId }: { room: GiveawayRoom; meId: number | null }) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const join = useJoinGiveaway();
  const cancel = useCancelGiveaway();
  const [password, setPassword] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const block = loggedIn ? joinBlock(room, serverNow(), password) : null;
  const canCancel =
    meId !== null &&
    room.creator.id === meId &&
    room.roomType !== GiveawayRoomType.official &&
    room.state === GiveawayState.running &&
    room.userCount === 0;
  const running = room.state === GiveawayState.running;

  const onJoin = () => {
    if (!requireLogin()) return;
    join.mutate(
      { giveawayId: room.id, ...(room.pwdFlag ? { pwd: password.trim() } : {}) },
      // The client already toasted the server's refusal (wrong password, a condition not met, too late).
      { onSuccess: () => toast.success(t('giveaway.joinedToast')) },
    );
  };
  const onCancel = () =>
    cancel.mutate(
      { giveawayId: room.id },
      {
        onSuccess: () => {
          toast.success(t('giveaway.cancelledToast'));
          setConfirmCancel(false);
        },
        onError: () => setConfirmCancel(false),
      },
    );

  return (
    <section className="flex flex-col items-center gap-3 rounded-xl border border-line bg-panel p-4" data-testid="giveaway-join">
      {running && room.pwdFlag && !room.joinFlag && loggedIn ? (
        <label className="flex w-full max-w-xs flex-col gap-1 text-sm text-slate-300">
          {t('giveaway.passwordLabel')}
          <input
            type="password"
            value={password}
            maxLength={32}
            autoComplete="off"
            onChange={(e) => setPassword(e.target.value)}
            className="rounded-lg border border-line bg-surface px-3 py-2 text-white focus:border-accent-orange focus:outline-none"
            data-testid="giveaway-password"
          />
        </label>
      ) : null}
      {running || !loggedIn ? (
        <button
          type="button"
          onClick={onJoin}
          disabled={block !== null || join.isPending || (!running && !loggedIn)}
          className="rounded-lg bg-accent-orange px-8 py-2.5 font-semibold text-black hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="giveaway-join-button"
        >
          {!loggedIn ? t('giveaway.loginToJoin') : room.joinFlag ? t('giveaway.alreadyJoined') : t('giveaway.join')}
        </button>
      ) : null}
      {block && block !== 'joined' ? (
        <p className="text-sm text-accent-red" role="status" data-testid="giveaway-join-reason">
          {t(`giveaway.block.${block}`)}
        </p>
      ) : null}
      {canCancel ? (
        <button
          type="button"
          onClick={() => setConfirmCancel(true)}
          className="text-sm text-slate-400 underline hover:text-white"
          data-testid="giveaway-cancel"
        >
          {t('giveaway.cancelRoom')}
        </button>
      ) : null}
      {confirmCancel ? (
        <ConfirmDialog
          title={t('giveaway.cancelRoom')}
          onConfirm={onCancel}
          onCancel={() => setConfirmCancel(false)}
          busy={cancel.isPending}
        >
          {t('giveaway.cancelConfirm')}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
