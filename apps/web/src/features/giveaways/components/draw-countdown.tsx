import { useT } from '../../../shared/i18n/use-t';
import { splitCountdown, useMsCountdown } from '../hooks/use-ms-countdown';

/** The countdown to the draw in whole seconds (openTime on the server's clock). */
export function DrawCountdown({ openTime, compact = false }: { openTime: string; compact?: boolean }) {
  const t = useT();
  const target = Date.parse(openTime);
  const ms = useMsCountdown(Number.isFinite(target) ? target : null);
  const { days, clock } = splitCountdown(ms);
  if (ms === 0) {
    return (
      <span className="text-sm text-accent-orange" data-testid="giveaway-countdown" data-ms={0}>
        {t('giveaway.countdown.drawing')}
      </span>
    );
  }
  return (
    <span
      className={`font-mono tabular-nums text-accent-orange ${compact ? 'text-sm' : 'text-2xl font-bold'}`}
      data-testid="giveaway-countdown"
      data-ms={ms}
      aria-label={t('giveaway.countdown.label')}
    >
      {days > 0 ? t('giveaway.countdown.days', { days }) : null}
      {clock}
    </span>
  );
}
