import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { easeOut, FAST_DURATION_MS, prefersReducedMotion, reelDurationMs } from '../../../shared/reel/reel-math';
import { createReelSound } from '../../../shared/reel/reel-sound';
import { useSettingsStore } from '../../../shared/stores/settings-store';
import { formatPercent, ringAngle } from '../dream-math';

export interface RingRoll {
  /** Changes for every dream, so the same roll code twice still spins twice. */
  key: number;
  rollCode: number;
  won: boolean;
}

const SIZE = 200;
const CENTRE = SIZE / 2;
const RADIUS = 80;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** A tick sounds each time the pointer passes another twelfth of the ring. */
const TICK_DEGREES = 30;
/**
 * The pointer runs from here to just past the ring, never through the middle: the roll number and the
 * chance sit in the middle and stay readable wherever the pointer stops (issue 30 §9).
 */
const POINTER_INNER = 54;

/** Full turns before the pointer settles: a long run spins a while, a fast one just goes round once. */
export const spinTurns = (durationMs: number) => (durationMs > FAST_DURATION_MS ? 5 : 1);

/** The final angle as the ring publishes it (data-final-angle): degrees clockwise from the top, 3 decimals. */
export const angleText = (rollCode: number) => ringAngle(rollCode).toFixed(3);

/**
 * The dream ring: the win arc covers P of the circle from the top, clockwise (roll codes 1–P); the pointer
 * spins and stops at rollCode / 100000 of a turn, the roll the server already decided (the animation only
 * shows it). Fast mode or prefers-reduced-motion shortens the run; ticks and the win chime follow the
 * sound preferences. Driven by requestAnimationFrame so the ticks follow the pointer exactly.
 */
export function DreamRing({ probability, roll, onLanded }: { probability: number; roll: RingRoll | null; onLanded: () => void }) {
  const t = useT();
  const pointer = useRef<SVGGElement>(null);
  const callbacks = useRef({ onLanded });
  const skip = useRef<() => void>(() => {});
  const [landedKey, setLandedKey] = useState<number | null>(null);

  useEffect(() => {
    callbacks.current = { onLanded };
  });

  useEffect(() => {
    if (!roll) return;
    const sound = createReelSound();
    // Read once per spin: toggling fast mode mid-run must not restart the ring.
    const durationMs = reelDurationMs({ fast: useSettingsStore.getState().fastMode, reducedMotion: prefersReducedMotion() });
    const finalDeg = ringAngle(roll.rollCode);
    const totalDeg = spinTurns(durationMs) * 360 + finalDeg;
    let frame = 0;
    let started: number | null = null;
    let ticks = 0;
    let done = false;
    const draw = (deg: number) => {
      pointer.current?.setAttribute('transform', `rotate(${deg} ${CENTRE} ${CENTRE})`);
      pointer.current?.setAttribute('data-angle', (deg % 360).toFixed(3));
    };
    const finish = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(frame);
      draw(finalDeg);
      if (roll.won) sound.win();
      setLandedKey(roll.key);
      callbacks.current.onLanded();
    };
    const step = (now: number) => {
      started ??= now;
      const elapsed = now - started;
      if (elapsed >= durationMs) return finish();
      const deg = totalDeg * easeOut(elapsed / durationMs);
      const passed = Math.floor(deg / TICK_DEGREES);
      if (passed > ticks) {
        ticks = passed;
        sound.tick();
      }
      draw(deg);
      frame = requestAnimationFrame(step);
    };
    skip.current = finish;
    draw(0);
    frame = requestAnimationFrame(step);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      sound.dispose();
    };
  }, [roll]);

  const state = roll === null ? 'idle' : landedKey === roll.key ? 'landed' : 'spinning';
  const arc = (probability / 100_000) * CIRCUMFERENCE;
  return (
    <div className="relative flex flex-col items-center gap-2">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        className="size-56 sm:size-64"
        role="img"
        aria-label={t('dream.ring.label', { percent: formatPercent(probability) })}
        data-testid="dream-ring"
        data-state={state}
        {...(roll ? { 'data-final-angle': angleText(roll.rollCode) } : {})}
      >
        <circle cx={CENTRE} cy={CENTRE} r={RADIUS} fill="none" stroke="currentColor" strokeWidth="16" className="text-panel-2" />
        {/* Starts at 3 o'clock and runs clockwise; turned back a quarter so it starts at the top. */}
        <circle
          cx={CENTRE}
          cy={CENTRE}
          r={RADIUS}
          fill="none"
          stroke="currentColor"
          strokeWidth="16"
          strokeDasharray={`${arc} ${CIRCUMFERENCE}`}
          transform={`rotate(-90 ${CENTRE} ${CENTRE})`}
          className="text-accent-cyan transition-[stroke-dasharray] duration-150"
          data-testid="dream-ring-arc"
          data-arc-degrees={ringAngle(probability).toFixed(3)}
        />
        <g ref={pointer} data-testid="dream-pointer" data-angle="0.000">
          <line
            x1={CENTRE}
            y1={CENTRE - POINTER_INNER}
            x2={CENTRE}
            y2={CENTRE - RADIUS - 12}
            stroke="white"
            strokeWidth="3"
            strokeLinecap="round"
          />
          <circle cx={CENTRE} cy={CENTRE - POINTER_INNER} r="4" fill="white" />
        </g>
        <text
          x={CENTRE}
          y={CENTRE}
          textAnchor="middle"
          dominantBaseline="central"
          data-testid="dream-ring-number"
          className={`fill-current text-lg font-bold ${state === 'landed' ? (roll?.won ? 'text-accent-cyan' : 'text-accent-red') : 'text-slate-300'}`}
        >
          {state === 'landed' && roll ? roll.rollCode : `${formatPercent(probability)}%`}
        </text>
      </svg>
      {state === 'spinning' ? (
        <button
          type="button"
          onClick={() => skip.current()}
          className="text-xs text-slate-400 underline hover:text-white"
          data-testid="dream-skip"
        >
          {t('dream.ring.skip')}
        </button>
      ) : null}
    </div>
  );
}
