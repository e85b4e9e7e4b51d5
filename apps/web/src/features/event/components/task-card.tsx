import type { EventActivity } from '@skinfair/contract';
import { Button } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { toast } from '../../../shared/ui/toast';
import { useClaimEventTask } from '../api/claim-event-task';
import { Countdown } from './countdown';
import { useRewardLabel } from './reward-label';
import { Rules } from './rules';

/** One daily task: what to do, my progress towards it, and its claim button (guests are sent to login). */
export function TaskCard({ task, skewMs, onPeriodEnd }: { task: EventActivity; skewMs: number; onPeriodEnd: () => void }) {
  const t = useT();
  const reward = useRewardLabel();
  const claim = useClaimEventTask();
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  const p = task.progress;
  const value = p ? Math.min(p.value, task.target) : 0;
  const state = !p ? 'guest' : p.claimed ? 'claimed' : p.completed ? 'claimable' : 'incomplete';
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-line bg-panel p-4"
      data-testid="event-task"
      data-task-id={task.id}
      data-state={state}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-white">{task.title}</h3>
        <span className="text-sm font-semibold text-accent-orange">+{reward(task.rewardFen, task.rewardKind)}</span>
      </div>
      <Rules text={task.rules} />
      {p ? (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={task.title}
            aria-valuemin={0}
            aria-valuemax={task.target}
            aria-valuenow={value}
            className="h-2 flex-1 overflow-hidden rounded-full bg-panel-2"
          >
            <div
              className="h-full rounded-full bg-accent-orange"
              style={{ width: `${task.target > 0 ? (value / task.target) * 100 : 100}%` }}
            />
          </div>
          <span className="text-xs text-slate-300" data-testid="event-progress">
            {t('event.progress', { value, target: task.target })}
          </span>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Countdown endIso={task.periodEnd} skewMs={skewMs} onEnd={onPeriodEnd} />
        {state === 'guest' ? (
          <Button variant="secondary" testId="event-login" onClick={() => openOverlay('login')}>
            {t('event.loginToClaim')}
          </Button>
        ) : (
          <Button
            testId="event-claim"
            disabled={state !== 'claimable'}
            pending={claim.isPending}
            onClick={() =>
              claim.mutate(task.id, {
                onSuccess: (r) => toast.success(t('event.claimedToast', { reward: reward(r.rewardFen, r.rewardKind) })),
              })
            }
          >
            {state === 'claimed' ? t('event.claimed') : state === 'claimable' ? t('event.claim') : t('event.incomplete')}
          </Button>
        )}
      </div>
    </li>
  );
}
