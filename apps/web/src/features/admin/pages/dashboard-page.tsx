import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatFen, type DashboardDay } from '@skinfair/contract';
import { useAdminT } from '../i18n/messages';
import { useDashboardT, type DashboardMessageId } from '../i18n/dashboard-messages';
import { useDashboard } from '../api/dashboard';
import { DayChart } from '../components/day-chart';
import { fieldClass } from '../components/styles';
import { useConsoleTitle } from '../components/console-page';

const RANGES = [7, 14, 30, 90] as const;

function Card({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded border border-line bg-panel p-3" title={hint}>
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-white">{value}</dd>
    </div>
  );
}

/** The charts under the cards: each series is [row field, label, colour]. */
const CHARTS: { title: DashboardMessageId; kind: 'line' | 'bar'; series: [string, DashboardMessageId, string][] }[] = [
  {
    title: 'dashboard.chart.money',
    kind: 'line',
    series: [
      ['depositYuan', 'dashboard.deposits', '#38bdf8'],
      ['ggrYuan', 'dashboard.ggr', '#f59e0b'],
    ],
  },
  {
    title: 'dashboard.chart.games',
    kind: 'line',
    series: [
      ['openings', 'dashboard.openings', '#a78bfa'],
      ['battles', 'dashboard.battles', '#f87171'],
      ['dreams', 'dashboard.dreams', '#34d399'],
      ['newPlayers', 'dashboard.newPlayers', '#fbbf24'],
    ],
  },
  {
    title: 'dashboard.chart.withdrawals',
    kind: 'bar',
    series: [
      ['withdrawalsRequested', 'dashboard.requested', '#64748b'],
      ['withdrawalsDelivered', 'dashboard.delivered', '#22c55e'],
    ],
  },
];

/** Fen to yuan for the charts' axes (the cards show formatFen). */
const yuan = (fen: number) => fen / 100;

/** Issue 16 §1: today's figures as cards, and each Beijing day of the chosen range as charts. */
export default function DashboardPage() {
  const t = useDashboardT();
  useConsoleTitle(t('dashboard.title'));
  const at = useAdminT();
  const [days, setDays] = useState<number>(14);
  const query = useDashboard(days);
  const data = query.data;
  const chartRows = useMemo(
    () =>
      (data?.days ?? []).map((d: DashboardDay) => ({
        ...d,
        depositYuan: yuan(d.depositFen),
        ggrYuan: yuan(d.ggrFen),
      })),
    [data],
  );

  return (
    <section className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('dashboard.title')}</h1>
        <label className="flex items-center gap-2 text-sm text-slate-300">
          {t('dashboard.range')}
          <select className={fieldClass} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {RANGES.map((n) => (
              <option key={n} value={n}>
                {t('dashboard.rangeDays', { days: n })}
              </option>
            ))}
          </select>
        </label>
      </header>
      {query.isError ? (
        <p role="alert" className="text-red-400">
          {at('admin.loadFailed')}: {query.error.message}{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            {at('admin.retry')}
          </button>
        </p>
      ) : !data ? (
        <p className="text-slate-400">{at('admin.loading')}</p>
      ) : (
        <>
          {/* Issue 27 §6, §12: settings players would meet that are still examples or foreign hosts, in red until set. */}
          {data.warnings.map((warning) => (
            <p key={warning} role="alert" className="rounded border border-red-500 bg-red-900/40 p-3 text-sm text-red-100">
              {t(`dashboard.warning.${warning}`)}{' '}
              {warning === 'supportContact' ? (
                <Link to="/admin/content?tab=site" className="font-semibold underline">
                  {t('dashboard.warning.fix')}
                </Link>
              ) : null}
            </p>
          ))}
          <h2 className="text-sm text-slate-400">{t('dashboard.today', { day: data.today.day })}</h2>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Card
              label={t('dashboard.deposits')}
              value={`${formatFen(data.today.depositFen)} · ${t('dashboard.depositCount', { n: data.today.depositCount })}`}
            />
            <Card
              label={t('dashboard.withdrawals')}
              value={t('dashboard.withdrawalsValue', {
                requested: data.today.withdrawalsRequested,
                delivered: data.today.withdrawalsDelivered,
              })}
            />
            <Card label={t('dashboard.ggr')} value={formatFen(data.today.ggrFen)} hint={t('dashboard.ggrHint')} />
            <Card label={t('dashboard.online')} value={String(data.onlineNow)} />
            {/* Fake money from the sandbox channel: shown only when there is some, never as a deposit (decision 0017). */}
            {data.days.some((d) => d.sandboxDepositCount > 0) ? (
              <Card
                label={t('dashboard.sandboxDeposits')}
                value={`${formatFen(data.today.sandboxDepositFen)} · ${t('dashboard.depositCount', { n: data.today.sandboxDepositCount })}`}
              />
            ) : null}
            <Card label={t('dashboard.openings')} value={String(data.today.openings)} />
            <Card label={t('dashboard.battles')} value={String(data.today.battles)} />
            <Card label={t('dashboard.dreams')} value={String(data.today.dreams)} />
            <Card label={t('dashboard.newPlayers')} value={String(data.today.newPlayers)} />
          </dl>
          <div className="grid gap-4 xl:grid-cols-2">
            {CHARTS.map((chart) => (
              <DayChart
                key={chart.title}
                title={t(chart.title)}
                kind={chart.kind}
                data={chartRows}
                series={chart.series.map(([key, label, color]) => ({ key, label: t(label), color }))}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
