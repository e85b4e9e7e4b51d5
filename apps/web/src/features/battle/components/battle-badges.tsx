import { useT } from '../../../shared/i18n/use-t';
import { modeLabel, stateLabel, stateTone } from '../battle-labels';

export function ModeBadge({ mode }: { mode: number }) {
  const t = useT();
  const tone = mode === 1 ? 'bg-accent-purple/15 text-accent-purple' : 'bg-accent-red/15 text-accent-red';
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tone}`} data-testid="battle-mode">
      {t(modeLabel(mode))}
    </span>
  );
}

export function StateBadge({ state }: { state: number }) {
  const t = useT();
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs ${stateTone(state)}`}
      data-testid="battle-state"
      data-state={state}
    >
      {t(stateLabel(state))}
    </span>
  );
}
