import { useEffect, useState } from 'react';
import { serverNow } from '../../../shared/time/server-clock';

/** 50 ms: fast enough that the millisecond digits run, slow enough for a phone. */
const TICK_MS = 50;

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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "HH:MM:SS.mmm" with days in front when there are any: [days, clock]. */
export function splitCountdown(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.floor(ms));
  const days = Math.floor(total / 86_400_000);
  const h = Math.floor(total / 3_600_000) % 24;
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  return { days, clock: `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}` };
}
