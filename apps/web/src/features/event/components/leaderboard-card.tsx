import type { EventActivity, EventMetric, EventRankEntry } from '@skinfair/contract';
import { Avatar } from '../../../shared/ui/avatar';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { useT } from '../../../shared/i18n/use-t';
import { TableHead } from '../../../shared/ui/table-head';
import { useEventLeaderboard } from '../api/get-event-leaderboard';
import { Countdown } from './countdown';
import { useRewardLabel } from './reward-label';
import { Rules } from './rules';

const metricLabel: Record<EventMetric, MessageId> = {
  box_opens: 'event.metric.box_opens',
  battle_wins: 'event.metric.battle_wins',
  dreams: 'event.metric.dreams',
  deposits: 'event.metric.deposits',
};

function RankTable({
  rows,
  metric,
  rewardKind,
  caption,
  testId,
}: {
  rows: EventRankEntry[];
  metric: EventMetric;
  rewardKind: 'point' | 'coin';
  caption: string;
  testId: string;
}) {
  const t = useT();
  const reward = useRewardLabel();
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <caption className="mb-2 text-left font-semibold text-slate-200">{caption}</caption>
      <TableHead
        className="text-xs text-slate-400"
        columns={[
          { label: t('event.place'), className: 'py-1 pr-2' },
          { label: t('event.player'), className: 'py-1 pr-2' },
          { label: t(metricLabel[metric]), className: 'py-1 pr-2 text-right' },
          { label: t('event.prize'), className: 'py-1 text-right' },
        ]}
      />
      <tbody>
        {rows.map((r) => (
          <tr key={r.place} className="border-t border-line">
            <td className="py-2 pr-2 font-semibold text-accent-orange">{r.place}</td>
            <td className="py-2 pr-2">
              <span className="flex items-center gap-2 text-white">
                <Avatar src={r.headPic} name={r.nickname} className="size-6" />
                {r.nickname}
              </span>
            </td>
            <td className="py-2 pr-2 text-right text-slate-200">{r.value}</td>
            <td className="py-2 text-right text-slate-200">{r.prizeFen > 0 ? reward(r.prizeFen, rewardKind) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A leaderboard event: rules, prizes, my standing, the running period live and the last one as paid. */
export function LeaderboardCard({ event, skewMs, onPeriodEnd }: { event: EventActivity; skewMs: number; onPeriodEnd: () => void }) {
  const t = useT();
  const reward = useRewardLabel();
  const board = useEventLeaderboard(event.id);
  const mine = event.progress;
  return (
    <section
      className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-4"
      data-testid="event-leaderboard"
      aria-labelledby={`event-${event.id}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`event-${event.id}-title`} className="text-lg font-semibold text-white">
          {event.title}
        </h3>
        <Countdown endIso={event.periodEnd} skewMs={skewMs} onEnd={onPeriodEnd} />
      </div>
      <ol className="flex flex-wrap gap-2" aria-label={t('event.prizes')}>
        {event.prizesFen.map((fen, i) => (
          <li key={i} className="rounded-lg border border-accent-orange/60 px-3 py-1 text-sm text-white">
            {t('event.placePrize', { place: i + 1, reward: reward(fen, event.rewardKind) })}
          </li>
        ))}
      </ol>
      <Rules text={event.rules} />
      {mine ? (
        <p className="text-sm text-slate-300" data-testid="event-my-rank">
          {mine.place ? t('event.myPlace', { place: mine.place, value: mine.value }) : t('event.myValue', { value: mine.value })}
        </p>
      ) : null}
      {board.isPending ? (
        <p className="text-sm text-slate-400">{t('common.loading')}</p>
      ) : board.isError ? (
        <p className="text-sm text-accent-red" role="alert">
          {t('common.loadFailed')}
        </p>
      ) : (
        <>
          {board.data.current.length === 0 ? (
            <p className="text-sm text-slate-400" data-testid="event-rank-empty">
              {t('event.rankEmpty')}
            </p>
          ) : (
            <RankTable
              rows={board.data.current}
              metric={board.data.metric}
              rewardKind={board.data.rewardKind}
              caption={t('event.currentRank')}
              testId="event-rank-current"
            />
          )}
          {board.data.previous.length > 0 ? (
            <RankTable
              rows={board.data.previous}
              metric={board.data.metric}
              rewardKind={board.data.rewardKind}
              caption={t('event.previousRank')}
              testId="event-rank-previous"
            />
          ) : null}
        </>
      )}
    </section>
  );
}
