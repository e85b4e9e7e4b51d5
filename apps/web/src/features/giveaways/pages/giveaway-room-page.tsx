import { useParams } from 'react-router';
import { GiveawayState } from '@skinfair/contract';
import { useUserInfo } from '../../../shared/api/user-queries';
import { useT } from '../../../shared/i18n/use-t';
import { Avatar } from '../../../shared/ui/avatar';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { useGiveawayDetail } from '../api/get-giveaway-detail';
import { useGiveawayEntries } from '../api/get-giveaway-entries';
import { useGiveawayGifts } from '../api/get-giveaway-gifts';
import { useGiveawayWinners } from '../api/get-giveaway-winners';
import { Conditions } from '../components/conditions';
import { DrawCountdown } from '../components/draw-countdown';
import { DrawRules } from '../components/draw-rules';
import { FairnessPanel } from '../components/fairness-panel';
import { DemoRoomBadge, LockIcon, RoomStateBadge, RoomTypeBadge } from '../components/giveaway-badges';
import { JoinPanel } from '../components/join-panel';
import { Participants } from '../components/participants';
import { PrizePool } from '../components/prize-pool';
import { Winners } from '../components/winners';
import { useGiveawayLive } from '../hooks/use-giveaway-live';
import { roomIdOf } from '../room-id';
import { formatDateTime } from '../../../shared/format/beijing-time';

/**
 * Spec §2 /giveaways/{id} (issue 14): the prize pool with values, the participants, the conditions with
 * my eligibility, password and join, a countdown to the draw, the winners after it, and what
 * the draw published so far. Event 41 keeps it current, so it holds the live socket open.
 */
export default function GiveawayRoomPage() {
  const t = useT();
  const { id: raw = '' } = useParams();
  const id = roomIdOf(raw);
  useReportPageLoaded();
  useGiveawayLive();
  const me = useUserInfo().data ?? null;
  const detail = useGiveawayDetail(id);
  const gifts = useGiveawayGifts(id);
  const entries = useGiveawayEntries(id);
  const ended = detail.data?.state === GiveawayState.ended;
  const winners = useGiveawayWinners(id, ended);

  const body = () => {
    if (id === 0) return <EmptyState message={t('giveaway.notFound')} />;
    if (detail.isPending) return <PageFallback />;
    if (detail.isError) return <EmptyState message={t('giveaway.notFound')} />;
    const room = detail.data;
    const meId = me?.id ?? null;
    return (
      <div className="flex flex-col gap-4" data-testid="giveaway-room" data-state={room.state}>
        <section className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4">
          <div className="flex flex-wrap items-center gap-2">
            <RoomTypeBadge roomType={room.roomType} />
            <RoomStateBadge state={room.state} />
            {room.demo ? <DemoRoomBadge /> : null}
            {room.pwdFlag ? <LockIcon label={t('giveaway.locked')} /> : null}
            <h2 className="text-lg font-semibold text-white" data-testid="giveaway-title">
              {room.title}
            </h2>
            <span className="ml-auto flex items-center gap-2 text-sm text-slate-400">
              <Avatar src={room.creator.headPic} name={room.creator.nickname} className="size-6" />
              {t('giveaway.createdBy', { name: room.creator.nickname })}
            </span>
          </div>
          {room.remark ? <p className="text-sm text-slate-300">{room.remark}</p> : null}
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-400">
            {room.state === GiveawayState.running ? (
              <>
                <span>{t('giveaway.drawIn')}</span>
                <DrawCountdown openTime={room.openTime} />
              </>
            ) : null}
            <span className="ml-auto">{t('giveaway.openTime', { time: formatDateTime(room.openTime) })}</span>
          </div>
          {room.state === GiveawayState.cancelled ? <p className="text-sm text-slate-400">{t('giveaway.cancelledNote')}</p> : null}
        </section>
        <JoinPanel room={room} meId={meId} />
        <Conditions room={room} />
        {ended ? <Winners winners={winners.data ?? []} meId={meId} /> : null}
        {/* Where prizes nobody won go, and after the draw where they went (issue 30 §9). */}
        <DrawRules room={room} prizes={gifts.data ?? room.giftVos} />
        <PrizePool prizes={gifts.data ?? room.giftVos} poolValue={room.poolValue} unwonLabel={ended ? t('giveaway.unwon.prize') : null} />
        <Participants entries={entries.data ?? []} loading={entries.isPending} />
        <FairnessPanel room={room} />
      </div>
    );
  };

  return (
    <PageShell titleId="title.giveawayRoom" subtitle={t('giveaway.id', { id: raw })}>
      {body()}
    </PageShell>
  );
}
