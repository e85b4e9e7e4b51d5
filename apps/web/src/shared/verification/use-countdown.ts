import { useCallback, useEffect, useState } from 'react';

/**
 * Spec §4: the SMS resend countdown, in whole seconds. Counts against an end time rather than ticks so
 * a throttled background tab still ends on time.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setEndsAt(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((value: number) => {
    if (value <= 0) return;
    setSeconds(value);
    setEndsAt(Date.now() + value * 1000);
  }, []);

  return { seconds, start };
}
