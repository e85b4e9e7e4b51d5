import { useT } from '../../../shared/i18n/use-t';
import { modeLabel } from '../battle-labels';
import { statusLabel, statusTone, type BattleStatus } from '../battle-status';

export function ModeBadge({ mode }: { mode: number }) {
  const t = useT();
  const tone = mode === 1 ? 'bg-accent-purple/15 text-accent-purple' : 'bg-accent-red/15 text-accent-red';
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tone}`} data-testid="battle-mode">
      {t(modeLabel(mode))}
    </span>
  );
}

/** The battle's status as the viewer sees it (battleStatus: 开奖中 until the last reel lands). */
export function StateBadge({ status }: { status: BattleStatus }) {
  const t = useT();
  return (
    <span className={`rounded px-2 py-0.5 text-xs ${statusTone(status)}`} data-testid="battle-state" data-status={status}>
      {t(statusLabel(status))}
    </span>
  );
}
