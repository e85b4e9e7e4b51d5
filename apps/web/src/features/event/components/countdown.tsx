import { useEffect } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { splitDuration, useCountdown } from '../hooks/use-countdown';

/** Time left in the current period; calls `onEnd` once it runs out (the list then shows the next period). */
export function Countdown({ endIso, skewMs, onEnd }: { endIso: string; skewMs: number; onEnd?: () => void }) {
  const t = useT();
  const left = useCountdown(endIso, skewMs);
  useEffect(() => {
    if (left === 0) onEnd?.();
  }, [left, onEnd]);
  const { days, clock } = splitDuration(left);
  return (
    <span className="font-mono text-xs text-slate-300" data-testid="event-countdown">
      {days > 0 ? t('event.endsInDays', { days, clock }) : t('event.endsIn', { clock })}
    </span>
  );
}
