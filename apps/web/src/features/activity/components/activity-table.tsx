import type { ActivitySummary } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { TableHead } from '../../../shared/ui/table-head';
import { useMoney } from '../../../shared/ui/price';

const figureColumns: MessageId[] = ['activity.deposits', 'activity.stakes', 'activity.returns', 'activity.net'];

/** The same figures as the charts, as a table (screen readers, and anyone who prefers numbers). */
export function ActivityTable({ summary }: { summary: ActivitySummary }) {
  const t = useT();
  const money = useMoney();
  const rows = [...summary.buckets].reverse();
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[32rem] text-sm" data-testid="activity-table">
        <caption className="sr-only">{t(summary.period === 'day' ? 'activity.tableByDay' : 'activity.tableByMonth')}</caption>
        <TableHead
          className="bg-panel-2 text-left text-slate-400"
          columns={[
            { label: t(summary.period === 'day' ? 'activity.day' : 'activity.month'), className: 'px-3 py-2' },
            ...figureColumns.map((id) => ({ label: t(id), className: 'px-3 py-2 text-right' })),
          ]}
        />
        <tbody>
          {rows.map((b) => (
            <tr key={b.key} className="border-t border-line">
              <th scope="row" className="px-3 py-2 text-left font-normal text-slate-300">
                {b.key}
              </th>
              <td className="px-3 py-2 text-right">{money(b.depositsFen)}</td>
              <td className="px-3 py-2 text-right">{money(b.stakesFen)}</td>
              <td className="px-3 py-2 text-right">{money(b.returnsFen)}</td>
              <td className={`px-3 py-2 text-right ${b.netResultFen < 0 ? 'text-accent-red' : ''}`}>{money(b.netResultFen)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-line bg-panel-2 font-semibold">
          <tr data-testid="activity-totals">
            <th scope="row" className="px-3 py-2 text-left">
              {t('activity.total')}
            </th>
            <td className="px-3 py-2 text-right">{money(summary.totals.depositsFen)}</td>
            <td className="px-3 py-2 text-right">{money(summary.totals.stakesFen)}</td>
            <td className="px-3 py-2 text-right">{money(summary.totals.returnsFen)}</td>
            <td className={`px-3 py-2 text-right ${summary.totals.netResultFen < 0 ? 'text-accent-red' : ''}`}>
              {money(summary.totals.netResultFen)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
