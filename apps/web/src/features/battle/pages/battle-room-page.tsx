import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BattleStateCode, type BattleResults } from '@skinfair/contract';
import { useUserInfo } from '../../../shared/api/user-queries';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { Price } from '../../../shared/ui/price';
import { useReportPageLoaded } from '../../../shared/stores/page-loaded-store';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import { serverNow } from '../../../shared/time/server-clock';
import { useBattleDetail } from '../api/get-battle-detail';
import { useBattleResults } from '../api/get-battle-results';
import { ModeBadge, StateBadge } from '../components/battle-badges';
import { BoxStrip } from '../components/box-strip';
import { RoomActions } from '../components/room-actions';
import { RoundStage } from '../components/round-stage';
import { SeatGrid } from '../components/seat-grid';
import { WinnerBanner } from '../components/winner-banner';
import { WonItems } from '../components/won-items';
import { useBattleClock } from '../hooks/use-battle-clock';
import { useBattleLive } from '../hooks/use-battle-live';
import { liveTimeline, replayTimeline } from '../battle-timeline';
import { battleStatus } from '../battle-status';
import { battleBasePath, battleTitles, type BattleMode } from '../battle-mode';

/** What the seats list shows: the rounds whose reels have landed (the rest would spoil the animation). */
const landedRolls = (r: BattleResults, landed: number) => r.rolls.filter((roll) => roll.round <= landed);

/**
 * Spec §2 /battle/{id} (id = the battle code): seats, boxes, state and entry price; join, add a bot,
 * cancel; once ended, the rounds run as reels on the server's schedule (every watcher in step), then the
 * winner, the winner's items to sell, a replay, and a verify link for every roll. The room follows
 * battle-state events, so it keeps the live socket open too.
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
  const base = battleBasePath(mode);
  const fast = useSettingsStore((s) => s.fastMode);
  // A replay is numbered so the same round's reels run again; skipping shows what is out at once.
  const [replay, setReplay] = useState<number | null>(null);
  const [replayAt, setReplayAt] = useState(0);
  const [skipped, setSkipped] = useState(false);
  const data = ended ? (results.data ?? null) : null;
  const rounds = detail.data?.boxList.length ?? 0;
  // The detail carries the schedule too: the room keeps to it (开奖中) while the results are still on their way.
  const schedule = data ?? (ended ? detail.data : null);
  const revealStartAt = schedule?.revealStartAt ?? null;
  const roundMs = schedule?.roundMs ?? 0;
  const timeline = useMemo(() => {
    if (!revealStartAt || rounds === 0) return null;
    return replay !== null ? replayTimeline(replayAt, roundMs, rounds, fast) : liveTimeline(revealStartAt, roundMs, rounds, fast);
  }, [revealStartAt, roundMs, rounds, fast, replay, replayAt]);
  const point = useBattleClock(timeline);
  const stageOn = !skipped && point.round >= 1 && point.round <= rounds;
  // No schedule (an ended battle always has one; an old record might not): everything is out.
  const landed = skipped || !timeline ? rounds : point.landed;
  // The server already names the winner with the last round's rolls: shown only once that reel lands.
  const winnerPos = data && landed >= rounds ? data.winnerPos : null;
  // A replay is the viewer's own and comes after the live reveal: the battle has ended by then.
  const status = (state: number) => battleStatus(state, replay !== null ? rounds : landed, rounds);
  const missingRound = data !== null && stageOn && replay === null && !data.rolls.some((r) => r.round === point.round);
  const refetchResults = results.refetch;
  useEffect(() => {
    // A round just began whose rolls this room has not fetched yet (the socket was late or down).
    if (missingRound) void refetchResults();
  }, [missingRound, point.round, refetchResults]);

  const body = () => {
    if (detail.isPending) return <PageFallback />;
    if (detail.isError) return <EmptyState message={t('battle.notFound')} />;
    const battle = detail.data;
    const shown = ended ? (results.data ?? null) : null;
    return (
      <div className="flex flex-col gap-5" data-testid="battle-room" data-state={battle.state}>
        <div className="flex flex-wrap items-center gap-3">
          <ModeBadge mode={battle.mode} />
          <StateBadge status={status(battle.state)} />
          <span className="text-sm text-slate-300">{battle.title}</span>
          <span className="ml-auto flex items-baseline gap-1 text-sm text-slate-400">
            {t('battle.entry')}
            <Price fen={battle.totalPrice} className="text-lg font-bold text-accent-orange" />
          </span>
        </div>
        <BoxStrip boxes={battle.boxList} current={stageOn ? point.round : 0} landed={shown ? landed : 0} />
        {battle.state === BattleStateCode.voided ? <EmptyState message={t('battle.voided')} /> : null}
        {battle.state === BattleStateCode.running ? (
          <p className="text-center text-sm text-accent-orange" data-testid="battle-drawing">
            {t('battle.drawing', { round: battle.targetRound ?? '—' })}
          </p>
        ) : null}
        {ended && results.isError ? <p className="text-sm text-slate-400">{t('battle.resultsFailed')}</p> : null}
        {shown && timeline && stageOn ? (
          <>
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm text-accent-orange" data-testid="battle-revealing">
                {t(replay ? 'battle.replaying' : 'battle.revealing', { revealed: point.round, total: rounds })}
              </p>
              <button
                type="button"
                onClick={() => setSkipped(true)}
                className="rounded-lg border border-line px-3 py-1 text-xs text-slate-300 hover:text-white"
                data-testid="battle-skip"
              >
                {t('box.skip')}
              </button>
            </div>
            <RoundStage results={shown} timeline={timeline} point={point} runId={replay ? `replay-${replay}` : 'live'} />
          </>
        ) : null}
        {shown && winnerPos !== null ? <WinnerBanner battle={shown} winnerPos={winnerPos} /> : null}
        {battle.state === BattleStateCode.waiting ? <p className="text-center text-sm text-slate-400">{t('battle.waitingHint')}</p> : null}
        <SeatGrid
          battle={battle}
          meId={me?.id ?? null}
          rolls={shown ? landedRolls(shown, landed) : null}
          winnerPos={winnerPos}
          verifyHref={shown?.serverSeed ? (round, pos) => `${base}/${battle.battleCode}/verify?round=${round}&pos=${pos}` : null}
        />
        {shown && winnerPos !== null && me !== null && shown.customerList.some((c) => c.pos === winnerPos && c.customerId === me.id) ? (
          <WonItems rolls={shown.rolls} />
        ) : null}
        <RoomActions battle={battle} meId={me?.id ?? null} invitePassword={search.get('password') ?? ''} />
        <div className="flex flex-wrap items-center justify-center gap-4 text-sm">
          {shown && shown.winnerPos !== null && !stageOn ? (
            <button
              type="button"
              onClick={() => {
                setSkipped(false);
                setReplay((n) => (n ?? 0) + 1);
                setReplayAt(serverNow());
              }}
              className="rounded-lg border border-line px-4 py-1.5 text-slate-200 hover:text-white"
              data-testid="battle-replay"
            >
              {t('battle.replay')}
            </button>
          ) : null}
          {shown?.serverSeed ? (
            <Link
              to={`${base}/${battle.battleCode}/verify`}
              className="text-accent-cyan underline hover:text-white"
              data-testid="battle-verify"
            >
              {t('battle.verifyAll')}
            </Link>
          ) : null}
          <Link
            to={`${base}/create/${battle.battleCode}`}
            className="text-slate-400 underline hover:text-white"
            data-testid="battle-create-same"
          >
            {t('battle.createSame')}
          </Link>
        </div>
      </div>
    );
  };

  return (
    <PageShell titleId={battleTitles[mode].room} subtitle={t('battle.id', { id })}>
      {body()}
    </PageShell>
  );
}
