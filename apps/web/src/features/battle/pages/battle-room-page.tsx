import { Link, useParams, useSearchParams } from 'react-router';
import { BattleStateCode } from '@skinfair/contract';
import { useUserInfo } from '../../../shared/api/user-queries';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ItemImage } from '../../../shared/ui/item-image';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { Price } from '../../../shared/ui/price';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { useBattleDetail } from '../api/get-battle-detail';
import { useBattleResults } from '../api/get-battle-results';
import { ModeBadge, StateBadge } from '../components/battle-badges';
import { RoomActions } from '../components/room-actions';
import { SeatGrid } from '../components/seat-grid';
import { useBattleLive } from '../hooks/use-battle-live';
import { battleBasePath, battleTitles, type BattleMode } from '../battle-mode';

/**
 * Spec §2 /battle/{id} (id = the battle code): seats, boxes, state and entry price; join, add a bot,
 * cancel; once ended, the winner and each seat's items. The room follows battle-state events, so it keeps
 * the live socket open too. The round-by-round reel comes with a later slice.
 */
export default function BattleRoomPage({ mode = 'battle' }: { mode?: BattleMode }) {
  const t = useT();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  useReportPageLoaded();
  useBattleLive();
  const me = useUserInfo().data ?? null;
  const detail = useBattleDetail(id);
  const ended = detail.data?.state === BattleStateCode.ended;
  const results = useBattleResults(id, ended);

  const body = () => {
    if (detail.isPending) return <PageFallback />;
    if (detail.isError) return <EmptyState message={t('battle.notFound')} />;
    const battle = detail.data;
    const rounds = battle.boxList.length;
    const shown = results.data ?? null;
    const revealed = shown?.revealedRounds ?? 0;
    return (
      <div className="flex flex-col gap-5" data-testid="battle-room" data-state={battle.state}>
        <div className="flex flex-wrap items-center gap-3">
          <ModeBadge mode={battle.mode} />
          <StateBadge state={battle.state} />
          <span className="text-sm text-slate-300">{battle.title}</span>
          <span className="ml-auto flex items-baseline gap-1 text-sm text-slate-400">
            {t('battle.entry')}
            <Price fen={battle.totalPrice} className="text-lg font-bold text-accent-orange" />
          </span>
        </div>
        <section>
          <h2 className="mb-2 text-sm text-slate-400">
            {t('battle.boxes')} · {t('battle.rounds', { count: rounds })}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {battle.boxList.map((box) => (
              <li
                key={box.round}
                className={`flex w-24 flex-col items-center gap-1 rounded-lg bg-panel p-2 text-xs ${ended && box.round <= revealed ? 'opacity-60' : ''}`}
                data-testid="room-box"
              >
                <ItemImage src={box.boxImage} name={box.boxName} grade={3} className="size-16" />
                <span className="line-clamp-1 text-slate-300">{box.boxName}</span>
                <Price fen={box.boxPrice} className="text-accent-orange" />
              </li>
            ))}
          </ul>
        </section>
        {battle.state === BattleStateCode.voided ? <EmptyState message={t('battle.voided')} /> : null}
        {ended && results.isError ? (
          <p className="text-sm text-slate-400">{t('battle.resultsFailed')}</p>
        ) : null}
        {ended && shown && shown.winnerPos === null ? (
          <p className="text-center text-sm text-accent-orange" data-testid="battle-revealing">
            {t('battle.revealing', { revealed, total: rounds })}
          </p>
        ) : null}
        {battle.state === BattleStateCode.waiting ? (
          <p className="text-center text-sm text-slate-400">{t('battle.waitingHint')}</p>
        ) : null}
        <SeatGrid
          battle={battle}
          meId={me?.id ?? null}
          rolls={shown ? shown.rolls : null}
          winnerPos={shown?.winnerPos ?? null}
        />
        <RoomActions battle={battle} meId={me?.id ?? null} invitePassword={search.get('password') ?? ''} />
        <Link
          to={`${battleBasePath(mode)}/create/${battle.battleCode}`}
          className="self-center text-sm text-slate-400 underline hover:text-white"
          data-testid="battle-create-same"
        >
          {t('battle.createSame')}
        </Link>
      </div>
    );
  };

  return (
    <PageShell titleId={battleTitles[mode].room} subtitle={t('battle.id', { id })}>
      {body()}
    </PageShell>
  );
}
