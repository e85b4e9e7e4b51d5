import { useGradeInfo } from '../../../shared/api/grade-info';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { TableHead } from '../../../shared/ui/table-head';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { AccountPage } from '../../../shared/ui/page-shell';
import { useMoney } from '../../../shared/ui/price';
import { PersonalNav } from '../components/personal-nav';
import { VipProgressBar } from '../components/vip-progress-bar';
import { bpPercent } from '../personal-math';

/** Four accent colours mark levels (spec §3): orange, red, purple, cyan-blue. */
const accents = ['text-accent-orange', 'text-accent-red', 'text-accent-purple', 'text-accent-cyan'];

const ladderColumns: MessageId[] = [
  'vip.col.exp',
  'vip.col.reward',
  'vip.col.freeBoxes',
  'vip.col.rechargeBonus',
  'vip.col.rebateBoost',
  'vip.col.state',
];

function VipBody() {
  const t = useT();
  const money = useMoney();
  const { data, isPending, isError } = useGradeInfo();
  if (isPending) return <PageFallback />;
  if (isError) return <EmptyState message={t('common.loadFailed')} />;
  return (
    <div className="flex flex-col gap-6" data-testid="vip-page">
      <section className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-sm text-slate-400">{t('vip.current')}</p>
            <p className="text-3xl font-black text-white" data-testid="vip-grade">
              VIP{data.grade} <span className={accents[data.grade % accents.length]}>{data.gradeName}</span>
            </p>
          </div>
          <p className="text-sm text-slate-400">{t('vip.expNote')}</p>
        </div>
        <VipProgressBar info={data} />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-white">{t('vip.ladder')}</h2>
        <div className="overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[40rem] text-sm" data-testid="vip-ladder">
            <TableHead
              className="bg-panel-2 text-start text-xs text-slate-400"
              columns={[
                { label: t('vip.col.grade'), className: 'px-3 py-2 text-start' },
                ...ladderColumns.map((id) => ({ label: t(id), className: 'px-3 py-2 text-end' })),
              ]}
            />
            <tbody>
              {data.grades.map((g) => {
                const current = g.grade === data.grade;
                return (
                  <tr
                    key={g.grade}
                    className={`border-t border-line ${current ? 'bg-accent-purple/10' : 'bg-panel'}`}
                    aria-current={current ? 'true' : undefined}
                    data-testid="vip-row"
                  >
                    <th scope="row" className="px-3 py-2 text-start font-semibold text-white">
                      VIP{g.grade} <span className={accents[g.grade % accents.length]}>{g.name}</span>
                    </th>
                    <td className="px-3 py-2 text-end tabular-nums text-slate-300">{money(g.expMin)}</td>
                    <td className="px-3 py-2 text-end tabular-nums text-slate-300">{g.levelReward > 0 ? money(g.levelReward) : '—'}</td>
                    <td className="px-3 py-2 text-end text-slate-300">{g.freeBoxes > 0 ? `×${g.freeBoxes}` : '—'}</td>
                    <td className="px-3 py-2 text-end text-slate-300">
                      {g.rechargeBonusBp > 0 ? `${bpPercent(g.rechargeBonusBp)}%` : '—'}
                    </td>
                    <td className="px-3 py-2 text-end text-slate-300">{g.rebateBoostBp > 0 ? `+${bpPercent(g.rebateBoostBp)}%` : '—'}</td>
                    <td className="px-3 py-2 text-end">
                      {current ? (
                        <span className="text-accent-purple">
                          {t('vip.state.current')}
                          {g.received ? ` · ${t('vip.state.received')}` : ''}
                        </span>
                      ) : g.received ? (
                        <span className="text-emerald-400">{t('vip.state.received')}</span>
                      ) : g.grade > data.grade ? (
                        <span className="text-slate-500">{t('vip.state.locked')}</span>
                      ) : (
                        <span className="text-slate-500">—</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-slate-500">{t('vip.rewardNote')}</p>
      </section>
    </div>
  );
}

/** Spec §2 /personal/vip: grade, progress to the next one, the ladder with perks and received rewards. */
export default function VipPage() {
  return (
    <AccountPage titleId="title.personalVip" nav={<PersonalNav />}>
      <VipBody />
    </AccountPage>
  );
}
