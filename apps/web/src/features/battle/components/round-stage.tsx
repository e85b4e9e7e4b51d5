import { useEffect, useMemo, type CSSProperties } from 'react';
import { useQueries } from '@tanstack/react-query';
import { isTopGrade, type BattleResults } from '@skinfair/contract';
import { caseDetailQuery } from '../../../shared/api/case-queries';
import { useT } from '../../../shared/i18n/use-t';
import { Reel } from '../../../shared/reel/reel';
import { buildStrip, landingJitter, type WeightedGift } from '../../../shared/reel/reel-math';
import { createReelSound } from '../../../shared/reel/reel-sound';
import type { BattleTimeline, TimelinePoint } from '../battle-timeline';
import { seatColumns } from '../seat-columns';

type Roll = BattleResults['rolls'][number];

const wonOf = (roll: Roll): Omit<WeightedGift, 'weight'> => ({
  giftId: roll.giftId,
  giftName: roll.giftName,
  giftImage: roll.giftImage,
  grade: roll.giftGrade,
  recoveryPrice: roll.giftPrice,
});

/**
 * The round on screen: one reel per seat, all started from the same clock so every watcher sees the same
 * strip at the same moment (a late arrival joins mid-run). The filler cards follow each box's published
 * drop list; the won card is the server's roll, decided before any reel moved (PF v1 W12).
 */
export function RoundStage({
  results,
  timeline,
  point,
  runId,
}: {
  results: BattleResults;
  timeline: BattleTimeline;
  point: TimelinePoint;
  /** Changes when a replay starts, so the same round's reels run again. */
  runId: string;
}) {
  const t = useT();
  const boxIds = useMemo(() => [...new Set(results.boxList.map((b) => b.boxId))], [results.boxList]);
  // Every box's drop list up front: a round's strip must not change cards while it spins.
  const details = useQueries({ queries: boxIds.map((id) => caseDetailQuery(id, true)) });
  const giftsByBox = new Map(boxIds.map((id, i) => [id, details[i]?.data?.gifts ?? null]));
  const sound = useMemo(() => createReelSound(), []);
  useEffect(() => () => sound.dispose(), [sound]);

  const round = point.round;
  const box = results.boxList[round - 1];
  const rolls = results.rolls.filter((r) => r.round === round).sort((a, b) => a.pos - b.pos);
  const gifts = box ? giftsByBox.get(box.boxId) : null;
  const ready = rolls.length > 0;
  const key = `${runId}:${round}:${gifts ? 'odds' : 'own'}`;
  // Built once per round (and run): the strips and their landing points are fixed for the whole spin.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const strips = useMemo(() => buildStrips(rolls, gifts ?? null, results.rolls), [key, ready]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const spins = useMemo(() => point.elapsed < timeline.spinMs, [key, ready]);

  if (round < 1 || round > timeline.rounds || !box) return null;
  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-line bg-panel/60 p-3"
      data-testid="round-stage"
      data-round={round}
      aria-live="polite"
    >
      <p className="flex items-center gap-2 text-sm text-slate-300">
        <span className="font-semibold text-white" data-testid="round-number">
          {t('battle.round', { round, total: timeline.rounds })}
        </span>
        <span className="truncate text-slate-400">{box.boxName}</span>
      </p>
      {ready ? (
        <div className={seatColumns} style={{ '--seats': results.countCustomer } as CSSProperties}>
          {strips.map((strip, index) => (
            <Reel
              key={`${key}:${strip.pos}`}
              cards={strip.cards}
              jitter={strip.jitter}
              durationMs={timeline.spinMs}
              elapsedAtMount={point.elapsed}
              compact
              label={t('battle.reelLabel', { round, pos: strip.pos })}
              {...(index === 0 && spins
                ? {
                    onTick: sound.tick,
                    onDone: () => sound.win(rolls.some((r) => isTopGrade(r.giftGrade))),
                  }
                : { onDone: noop })}
            />
          ))}
        </div>
      ) : (
        <p className="py-10 text-center text-sm text-slate-500" data-testid="round-waiting">
          {t('battle.roundWaiting')}
        </p>
      )}
    </section>
  );
}

const noop = () => undefined;

/**
 * Without the box's drop list (still loading, or the box is gone) the filler comes from the battle's own
 * drops, so the strip still shows real items of this battle.
 */
function buildStrips(rolls: readonly Roll[], gifts: readonly WeightedGift[] | null, all: readonly Roll[]) {
  const filler = gifts ?? all.map((r) => ({ ...wonOf(r), weight: 1 }));
  return rolls.map((roll) => ({
    pos: roll.pos,
    cards: buildStrip(filler, wonOf(roll)),
    jitter: landingJitter(Math.random()),
  }));
}
