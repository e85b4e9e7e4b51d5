import type { TransparencyWithdrawals } from '@skinfair/contract';
import { useTransparencyT } from '../messages';
import { durationParts, percent } from './format';

export function WithdrawalsPanel({ data }: { data: TransparencyWithdrawals }) {
  const t = useTransparencyT();
  const duration = (s: number | null) => {
    if (s === null) return '—';
    const d = durationParts(s);
    return t(d.id, { n: d.n });
  };
  const finished = data.delivered + data.failed;
  return (
    <>
      {finished === 0 ? (
        <p className="text-sm text-slate-400" data-testid="withdrawals-empty">
          {t('tp.withdrawals.empty', { days: data.days })}
        </p>
      ) : null}
      <dl
        aria-label={t('tp.withdrawals.caption', { days: data.days })}
        className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3"
        data-testid="withdrawals"
      >
        {(
          [
            ['tp.withdrawals.median', duration(data.medianSeconds)],
            ['tp.withdrawals.p95', duration(data.p95Seconds)],
            ['tp.withdrawals.failedShare', percent(data.failedShare)],
            ['tp.withdrawals.delivered', String(data.delivered)],
            ['tp.withdrawals.failed', String(data.failed)],
            ['tp.withdrawals.inProgress', String(data.inProgress)],
          ] as const
        ).map(([id, value]) => (
          <div key={id} className="rounded-xl bg-panel-2 p-3">
            <dt className="text-slate-400">{t(id)}</dt>
            <dd className="mt-1 text-lg font-semibold text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-500">{t('tp.withdrawals.note')}</p>
    </>
  );
}
