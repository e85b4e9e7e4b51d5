import { useEffect, useMemo, useRef, useState } from 'react';
import { isTopGrade, type OpenResult } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import { Reel } from '../../../shared/reel/reel';
import { buildStrip, landingJitter, prefersReducedMotion, reelDurationMs, type WeightedGift } from '../../../shared/reel/reel-math';
import { createReelSound } from '../../../shared/reel/reel-sound';

interface OpeningStageProps {
  results: OpenResult[];
  /** The box's drop list, for the filler cards (the won card comes from the result). */
  gifts: readonly WeightedGift[];
  onFinished: () => void;
}

/** One reel per opened box, stacked; when every reel has stopped the win chime plays and onFinished runs. */
export function OpeningStage({ results, gifts, onFinished }: OpeningStageProps) {
  const t = useT();
  const fast = useSettingsStore((s) => s.fastMode);
  const music = useSettingsStore((s) => s.music);
  // Fixed for the run: toggling fast mode mid-run applies to the next opening.
  const [durationMs] = useState(() => reelDurationMs({ fast, reducedMotion: prefersReducedMotion() }));
  const reels = useMemo(
    () =>
      results.map((result) => ({
        key: result.voucherId,
        cards: buildStrip(gifts, result),
        jitter: landingJitter(Math.random()),
        name: result.giftName,
      })),
    [results, gifts],
  );
  const sound = useMemo(() => createReelSound(), []);
  const remaining = useRef(results.length);
  const ended = useRef(false);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  const end = () => {
    if (ended.current) return;
    ended.current = true;
    finished.current();
  };

  useEffect(() => {
    sound.startMusic();
    return () => sound.dispose();
  }, [sound]);
  useEffect(() => {
    if (!music) sound.stopMusic();
  }, [music, sound]);

  const onReelDone = () => {
    remaining.current -= 1;
    if (remaining.current > 0) return;
    sound.stopMusic();
    sound.win(results.some((r) => isTopGrade(r.grade)));
    // A short pause on the landed card before the dialog covers it.
    setTimeout(end, durationMs > 1000 ? 700 : 250);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="opening-stage" aria-live="polite">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-300">{t('box.opening', { count: results.length })}</p>
        <button
          type="button"
          onClick={() => {
            sound.stopMusic();
            end();
          }}
          className="rounded-lg border border-line px-3 py-1 text-xs text-slate-300 hover:text-white"
          data-testid="reel-skip"
        >
          {t('box.skip')}
        </button>
      </div>
      {reels.map((reel, index) => (
        <Reel
          key={reel.key}
          cards={reel.cards}
          jitter={reel.jitter}
          durationMs={durationMs}
          label={t('box.reelLabel', { index: index + 1 })}
          onDone={onReelDone}
          {...(index === 0 ? { onTick: sound.tick } : {})}
        />
      ))}
    </div>
  );
}
