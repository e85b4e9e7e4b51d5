import { Link } from 'react-router';
import { GiveawayState, type GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { ItemImage } from '../../../shared/ui/item-image';
import { Price } from '../../../shared/ui/price';
import { DrawCountdown } from './draw-countdown';
import { DemoRoomBadge, LockIcon, RoomStateBadge, RoomTypeBadge } from './giveaway-badges';
import { formatDateTime } from '../../../shared/format/beijing-time';

const SHOWN_PRIZES = 5;

/** One room in the list: banner and title, pool value, prizes, participants, countdown, joined, lock. */
export function GiveawayCard({ room }: { room: GiveawayRoom }) {
  const t = useT();
  const prizes = [...room.giftVos].sort((a, b) => b.recoveryPrice - a.recoveryPrice);
  const hidden = room.giftCount - Math.min(SHOWN_PRIZES, prizes.length);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-line bg-panel" data-testid="giveaway-card" data-id={room.id}>
      <div className="relative h-24 bg-gradient-to-br from-accent-orange/30 via-panel-2 to-panel">
        {room.banner ? <img src={room.banner} alt="" className="absolute inset-0 size-full object-cover opacity-70" /> : null}
        <div className="absolute inset-x-0 bottom-0 flex items-center gap-2 p-3">
          <RoomTypeBadge roomType={room.roomType} />
          <RoomStateBadge state={room.state} />
          {room.demo ? <DemoRoomBadge /> : null}
          {room.pwdFlag ? <LockIcon label={t('giveaway.locked')} /> : null}
          {room.joinFlag ? (
            <span className="ml-auto rounded bg-emerald-500/20 px-2 py-0.5 text-xs text-emerald-300" data-testid="giveaway-joined">
              {t('giveaway.joinedBadge')}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="truncate font-semibold text-white" title={room.title}>
          {room.title}
        </h3>
        <div className="flex items-baseline justify-between text-sm text-slate-400">
          <span>
            {t('giveaway.pool')} <Price fen={room.poolValue} className="font-bold text-accent-orange" />
          </span>
          <span data-testid="giveaway-users">{t('giveaway.userCount', { count: room.userCount })}</span>
        </div>
        <ul className="flex flex-wrap items-center gap-2" aria-label={t('giveaway.prizes')}>
          {prizes.slice(0, SHOWN_PRIZES).map((p) => (
            <li key={p.id} data-testid="giveaway-card-prize">
              <ItemImage src={p.giftImage} name={p.giftName} grade={p.grade} className="size-11" />
            </li>
          ))}
          {hidden > 0 ? <li className="text-sm text-slate-400">+{hidden}</li> : null}
        </ul>
        <div className="mt-auto flex items-center justify-between gap-2 text-xs text-slate-400">
          {room.state === GiveawayState.running ? (
            <span className="flex items-center gap-1">
              {t('giveaway.drawIn')} <DrawCountdown openTime={room.openTime} compact />
            </span>
          ) : (
            <span>{t('giveaway.drawnAt', { time: formatDateTime(room.drawTime ?? room.openTime) })}</span>
          )}
          <Link
            to={`/giveaways/${room.id}`}
            className="rounded-lg bg-panel-2 px-4 py-1.5 text-sm font-semibold text-white hover:brightness-125"
          >
            {t('giveaway.view')}
          </Link>
        </div>
      </div>
    </li>
  );
}
