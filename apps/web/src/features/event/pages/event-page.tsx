import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState, LoadFailedAlert } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';
import { useEventList } from '../api/get-event-list';
import { eventKeys } from '../api/event-keys';
import { LeaderboardCard } from '../components/leaderboard-card';
import { TaskCard } from '../components/task-card';
import { TitledSection } from '../../../shared/ui/titled-section';

/** Spec §2 /event: the daily task list (points once a day per task) and the leaderboard events. */
export default function EventPage() {
  const t = useT();
  const list = useEventList();
  const queryClient = useQueryClient();
  // A period ran out: the next one starts with fresh progress, and the last ranking is being settled.
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: eventKeys.all }), [queryClient]);
  if (list.isPending) {
    return (
      <PageShell titleId="title.event">
        <p className="text-sm text-slate-400" role="status">
          {t('common.loading')}
        </p>
      </PageShell>
    );
  }
  if (list.isError) {
    return (
      <PageShell titleId="title.event">
        <LoadFailedAlert onRetry={() => void list.refetch()} retryLabel={t('event.retry')} className="py-12 text-center text-slate-200" />
      </PageShell>
    );
  }
  const { activities, serverTime } = list.data;
  // Read once per answer: how far this machine's clock is from the server's.
  const skewMs = Date.parse(serverTime) - list.dataUpdatedAt;
  const tasks = activities.filter((a) => a.kind === 'task');
  const boards = activities.filter((a) => a.kind === 'leaderboard');
  return (
    <PageShell titleId="title.event" subtitle={t('event.subtitle')}>
      {activities.length === 0 ? <EmptyState message={t('empty.events')} /> : null}
      {tasks.length > 0 ? (
        <TitledSection id="event-tasks-title" title={t('event.dailyTasks')}>
          <ul className="grid gap-3 md:grid-cols-2">
            {tasks.map((task) => (
              <TaskCard key={task.id} task={task} skewMs={skewMs} onPeriodEnd={refresh} />
            ))}
          </ul>
        </TitledSection>
      ) : null}
      {boards.length > 0 ? (
        <TitledSection id="event-boards-title" title={t('event.leaderboards')}>
          {boards.map((b) => (
            <LeaderboardCard key={b.id} event={b} skewMs={skewMs} onPeriodEnd={refresh} />
          ))}
        </TitledSection>
      ) : null}
    </PageShell>
  );
}
