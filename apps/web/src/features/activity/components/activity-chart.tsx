import { Bar, BarChart, CartesianGrid, Legend, Line, ComposedChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ActivityBucket } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';

const yuan = (fen: number) => fen / 100;

/**
 * My activity's charts (recharts): loaded lazily by the activity page only, so no other page (and not the
 * first visit of /home) carries the library. Hidden from screen readers: the table below says the same.
 */
export default function ActivityChart({ buckets }: { buckets: ActivityBucket[] }) {
  const t = useT();
  const money = useMoney();
  const rows = buckets.map((b) => ({
    key: b.key.length === 10 ? b.key.slice(5) : b.key,
    deposits: yuan(b.depositsFen),
    stakes: yuan(b.stakesFen),
    returns: yuan(b.returnsFen),
    net: yuan(b.netResultFen),
  }));
  const format = (value: unknown) => money(Math.round(Number(value) * 100));
  return (
    <div aria-hidden="true" className="flex flex-col gap-6" data-testid="activity-chart">
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
            <XAxis dataKey="key" tick={{ fill: '#94a3b8', fontSize: 11 }} />
            <YAxis tick={{ fill: '#94a3b8', fontSize: 11 }} width={56} />
            <Tooltip formatter={format} contentStyle={{ background: '#0f172a', border: '1px solid #334155' }} />
            <Legend />
            <Bar dataKey="deposits" name={t('activity.deposits')} fill="#38bdf8" />
            <Bar dataKey="stakes" name={t('activity.stakes')} fill="#f97316" />
            <Bar dataKey="returns" name={t('activity.returns')} fill="#a78bfa" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="h-48 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#334155" />
            <XAxis dataKey="key" tick={{ fill: '#94a3b8', fontSize: 11 }} />
            <YAxis tick={{ fill: '#94a3b8', fontSize: 11 }} width={56} />
            <Tooltip formatter={format} contentStyle={{ background: '#0f172a', border: '1px solid #334155' }} />
            <Line type="monotone" dataKey="net" name={t('activity.net')} stroke="#34d399" dot={false} strokeWidth={2} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
