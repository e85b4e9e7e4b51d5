import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `endIso`, ticking each second. `skewMs` is the server's clock minus this
 * machine's (from the list's serverTime), so a wrong local clock does not move the end.
 */
export function useCountdown(endIso: string, skewMs: number): number {
  const end = Date.parse(endIso);
  const [left, setLeft] = useState(() => Math.max(0, end - (Date.now() + skewMs)));
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, end - (Date.now() + skewMs)));
    tick();
    const id = setInterval(tick, 1_000);
    return () => clearInterval(id);
  }, [end, skewMs]);
  return left;
}

/** "2天 03:04:05" style parts: whole days, then hh:mm:ss. */
export function splitDuration(ms: number): { days: number; clock: string } {
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` };
}
