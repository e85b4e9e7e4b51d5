import { useHomepageStat } from '../../../shared/api/common-queries';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';

type Stat = { label: MessageId; value: number; last24?: number; accent: string };

/** Site totals from GET /api/stat/homepage; nothing is shown until real numbers arrive. */
export function SiteStats() {
  const t = useT();
  const { data } = useHomepageStat();
  if (!data) return null;
  const stats: Stat[] = [
    { label: 'stat.online', value: data.onlineCount, accent: 'text-accent-cyan' },
    { label: 'stat.users', value: data.userTotal, last24: data.userTotal24, accent: 'text-accent-orange' },
    { label: 'stat.boxes', value: data.boxCnt, last24: data.boxCnt24, accent: 'text-accent-red' },
    { label: 'stat.battles', value: data.battleCnt, last24: data.battleCnt24, accent: 'text-accent-purple' },
    { label: 'stat.dreams', value: data.upgradeCnt, last24: data.upgradeCnt24, accent: 'text-accent-cyan' },
  ];
  return (
    <dl aria-label={t('home.stats')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-xl border border-line bg-panel px-4 py-3">
          <dt className="text-xs text-slate-400">{t(stat.label)}</dt>
          <dd className={`text-xl font-bold ${stat.accent}`}>{stat.value.toLocaleString()}</dd>
          {stat.last24 !== undefined ? <dd className="text-xs text-slate-500">{t('stat.last24', { count: stat.last24 })}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
