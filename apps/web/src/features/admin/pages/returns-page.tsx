import { useMemo } from 'react';
import { formatFen, RETURN_ALERT_MIN_OPENINGS, type AdminBoxReturn } from '@skinfair/contract';
import { useReturnsT } from '../i18n/returns-messages';
import { useBoxReturns } from '../api/returns';
import type { AdminColumn } from '../components/data-table';
import { withAll } from '../components/select-options';
import { ListView, useListPage } from '../components/list-view';
import { ConsolePage } from '../components/console-page';

const WINDOWS = [100, 1_000, 10_000, 100_000] as const;
const percent = (ratio: number | null) => (ratio === null ? '—' : `${(ratio * 100).toFixed(2)}%`);
const range = (band: { low: number; high: number } | null) => (band ? `${percent(band.low)} – ${percent(band.high)}` : '—');

type RowState = 'alert' | 'ok' | 'few' | 'none' | 'free';
function stateOf(r: AdminBoxReturn): RowState {
  if (r.declaredReturn === null) return 'free';
  if (r.alert) return 'alert';
  if (r.openings === 0) return 'none';
  return r.openings < r.minOpenings ? 'few' : 'ok';
}
const badgeClass: Record<RowState, string> = {
  alert: 'bg-red-700 text-white',
  ok: 'bg-emerald-800 text-emerald-100',
  few: 'bg-slate-700 text-slate-200',
  none: 'bg-slate-800 text-slate-300',
  free: 'bg-slate-800 text-slate-300',
};

/**
 * The alert band as a bar with the declared return (a white tick) and the realised one (a dot, red when
 * out of band), on a scale that holds all three. Plain CSS: the figures are in the row's cells too.
 */
function SpreadBar({ row, label }: { row: AdminBoxReturn; label: string }) {
  if (!row.alertBand || row.realisedReturn === null || row.declaredReturn === null) return <span aria-hidden="true">—</span>;
  const lo = Math.min(row.alertBand.low, row.realisedReturn);
  const hi = Math.max(row.alertBand.high, row.realisedReturn);
  const pad = (hi - lo) * 0.1 || 0.01;
  const at = (x: number) => `${(((x - lo + pad) / (hi - lo + 2 * pad)) * 100).toFixed(1)}%`;
  return (
    <div role="img" aria-label={label} className="relative h-3 w-40 rounded bg-panel-2">
      <div
        className="absolute inset-y-0 rounded bg-sky-900"
        style={{
          left: at(row.alertBand.low),
          width: `calc(${at(row.alertBand.high)} - ${at(row.alertBand.low)})`,
        }}
      />
      {row.band95 ? (
        <div
          className="absolute inset-y-0.5 rounded bg-sky-700"
          style={{ left: at(row.band95.low), width: `calc(${at(row.band95.high)} - ${at(row.band95.low)})` }}
        />
      ) : null}
      <div className="absolute inset-y-0 w-0.5 bg-white" style={{ left: at(row.declaredReturn) }} />
      <div
        className={`absolute top-0 h-3 w-3 -translate-x-1/2 rounded-full ${row.alert ? 'bg-red-500' : 'bg-amber-300'}`}
        style={{ left: at(row.realisedReturn) }}
      />
    </div>
  );
}

/** Issue 16 §3: each box's declared return against the return of its last N openings, with the band and the alert. */
export default function ReturnsPage() {
  const t = useReturnsT();
  const view = useListPage(useBoxReturns, { search: '', alerts: 'all', window: 1_000, page: 1 });

  const columns = useMemo<Array<AdminColumn<AdminBoxReturn>>>(
    () => [
      {
        header: t('returns.col.box'),
        cell: ({ row: { original: r } }) => (
          <span className="flex flex-col">
            <span>
              {r.name} <span className="text-xs text-slate-400">#{r.boxId}</span>
              {r.enabled ? null : <span className="ml-2 rounded bg-slate-700 px-1 text-xs">{t('returns.disabled')}</span>}
            </span>
            <span className="text-xs text-slate-400">{t('returns.version', { v: r.version })}</span>
          </span>
        ),
      },
      { header: t('returns.col.price'), cell: ({ row }) => formatFen(row.original.priceFen) },
      {
        header: t('returns.col.openings'),
        cell: ({ row }) => `${row.original.openings} / ${row.original.window}`,
      },
      { header: t('returns.col.declared'), cell: ({ row }) => percent(row.original.declaredReturn) },
      {
        header: t('returns.col.realised'),
        cell: ({ row }) => (
          <span className={row.original.alert ? 'font-bold text-red-400' : undefined}>{percent(row.original.realisedReturn)}</span>
        ),
      },
      { header: t('returns.col.band95'), cell: ({ row }) => range(row.original.band95) },
      { header: t('returns.col.alertBand'), cell: ({ row }) => range(row.original.alertBand) },
      {
        header: t('returns.col.chart'),
        cell: ({ row: { original: r } }) => (
          <SpreadBar
            row={r}
            label={t('returns.chart', {
              declared: percent(r.declaredReturn),
              realised: percent(r.realisedReturn),
              low: percent(r.alertBand?.low ?? null),
              high: percent(r.alertBand?.high ?? null),
            })}
          />
        ),
      },
      {
        header: t('returns.col.state'),
        cell: ({ row }) => {
          const state = stateOf(row.original);
          return (
            <span className={`rounded px-1.5 py-0.5 text-xs ${badgeClass[state]}`}>
              {t(`returns.state.${state}`, { min: row.original.minOpenings })}
            </span>
          );
        },
      },
    ],
    [t],
  );

  return (
    <ConsolePage title={t('returns.title')}>
      <p className="max-w-4xl text-sm text-slate-400">{t('returns.explain', { min: RETURN_ALERT_MIN_OPENINGS })}</p>
      <ListView
        {...view}
        fields={[
          { search: 'search', label: t('returns.search'), maxLength: 40 },
          {
            select: 'alerts',
            label: t('returns.alerts'),
            options: withAll('all', t('returns.alerts.all'), ['only'] as const, () => t('returns.alerts.only')),
          },
          {
            select: 'window',
            label: t('returns.window'),
            options: WINDOWS.map((n) => ({ value: n, label: t('returns.window.n', { n }) })),
          },
        ]}
        columns={columns}
        texts={{ caption: t('returns.title'), empty: t('returns.empty'), total: (n) => t('returns.total', { n }) }}
      />
    </ConsolePage>
  );
}
