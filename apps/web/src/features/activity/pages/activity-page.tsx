import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { EmptyState, LoadFailedAlert } from '../../../shared/ui/empty-state';
import { ErrorBoundary } from '../../../shared/ui/error-boundary';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { AccountPage } from '../../../shared/ui/page-shell';
import { Segmented } from '../../../shared/ui/segmented';
import { useMoney } from '../../../shared/ui/price';
import { useActivitySummary } from '../api/get-activity-summary';
import { ActivityTable } from '../components/activity-table';
import { RealityCheckSetting } from '../components/reality-check-setting';

// recharts only in this page's own chunk (the /home first-visit budget, issue 11).
const ActivityChart = lazy(() => import('../components/activity-chart'));

const views = {
  '30d': { period: 'day', span: 30 },
  '90d': { period: 'day', span: 90 },
  '12m': { period: 'month', span: 12 },
} as const;
type View = keyof typeof views;
const viewLabels: Record<View, MessageId> = {
  '30d': 'activity.last30',
  '90d': 'activity.last90',
  '12m': 'activity.last12m',
};

function Figure({ label, fen, testId }: { label: string; fen: number; testId: string }) {
  const money = useMoney();
  return (
    <div className="rounded-lg bg-panel-2 p-3">
      <p className="text-xs text-slate-400">{label}</p>
      <p className={`text-lg font-bold ${fen < 0 ? 'text-accent-red' : 'text-white'}`} data-testid={testId}>
        {money(fen)}
      </p>
    </div>
  );
}

function ActivityBody() {
  const t = useT();
  const [view, setView] = useState<View>('30d');
  const { period, span } = views[view];
  const summary = useActivitySummary(period, span);
  const data = summary.data;
  const empty = data && data.buckets.every((b) => b.depositsFen === 0 && b.stakesFen === 0 && b.returnsFen === 0);
  return (
    <div className="flex flex-col gap-4" data-testid="activity-page">
      <section className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5" aria-labelledby="activity-figures">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="activity-figures" className="text-lg font-semibold text-white">
            {t('activity.heading')}
          </h2>
          <Segmented
            label={t('activity.range')}
            options={(Object.keys(views) as View[]).map((value) => ({ value, label: t(viewLabels[value]) }))}
            value={view}
            onChange={setView}
            size="sm"
            testId="activity-range"
          />
        </div>
        <p className="text-sm text-slate-400">{t('activity.explain')}</p>
        {summary.isError && !data ? (
          <LoadFailedAlert onRetry={() => void summary.refetch()} className="py-6 text-slate-300" />
        ) : !data ? (
          <PageFallback />
        ) : empty ? (
          <EmptyState message={t('activity.empty')} />
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Figure label={t('activity.deposits')} fen={data.totals.depositsFen} testId="activity-total-deposits" />
              <Figure label={t('activity.stakes')} fen={data.totals.stakesFen} testId="activity-total-stakes" />
              <Figure label={t('activity.returns')} fen={data.totals.returnsFen} testId="activity-total-returns" />
              <Figure label={t('activity.net')} fen={data.totals.netResultFen} testId="activity-total-net" />
            </div>
            <ErrorBoundary>
              <Suspense fallback={<div className="h-64" aria-hidden="true" />}>
                <ActivityChart buckets={data.buckets} />
              </Suspense>
            </ErrorBoundary>
            <ActivityTable summary={data} />
          </>
        )}
      </section>
      <RealityCheckSetting />
      <p className="text-sm text-slate-400">
        <Link to="/safer-play" className="underline hover:text-white">
          {t('activity.saferPlay')}
        </Link>
      </p>
    </div>
  );
}

/**
 * /personal/activity (issue 18): deposits, stakes, returns and net result by day and month, as charts and
 * a table; the reality check interval. The personal-centre tabs come from app/ (`nav`).
 */
export default function ActivityPage({ nav }: { nav?: React.ReactNode }) {
  return (
    <AccountPage titleId="title.personalActivity" nav={nav}>
      <ActivityBody />
    </AccountPage>
  );
}
