import { useEffect, useState } from 'react';
import { serverNow } from '../../../shared/time/server-clock';

/** Four ticks a second: the seconds change on time without the page redrawing 20 times a second. */
const TICK_MS = 250;

/**
 * Milliseconds left until `targetMs` on the server's clock (a browser a few seconds off still ends with
 * everyone else). Counts against the end time, not ticks, so a throttled background tab stays right.
 */
export function useMsCountdown(targetMs: number | null): number {
  const left = () => (targetMs === null ? 0 : Math.max(0, targetMs - serverNow()));
  const [ms, setMs] = useState(left);
  useEffect(() => {
    if (targetMs === null) return;
    const tick = () => {
      const next = Math.max(0, targetMs - serverNow());
      setMs(next);
      if (next === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, TICK_MS);
    tick();
    return () => clearInterval(timer);
  }, [targetMs]);
  return targetMs === null ? 0 : ms;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "HH:MM:SS" with days in front when there are any: [days, clock]. Whole seconds, rounded up, so the clock
 * reads 00:00:01 until the very end and never 00:00:00 before the draw (players are shown no milliseconds:
 * issue 30 §8).
 */
export function splitCountdown(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const h = Math.floor(total / 3_600) % 24;
  const m = Math.floor(total / 60) % 60;
  const s = total % 60;
  return { days, clock: `${pad(h)}:${pad(m)}:${pad(s)}` };
}
