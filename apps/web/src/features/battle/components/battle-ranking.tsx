import { BATTLE_RANK_REWARDS_FEN, type BattleRankPage } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { openUserCard } from '../../../shared/stores/user-card-store';
import { Avatar } from '../../../shared/ui/avatar';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { useMoney } from '../../../shared/ui/price';
import { useBattleRank } from '../api/get-rank';
import { formatPoints } from '../../../shared/format/money';

type RankRow = BattleRankPage['todayRank'][number];

function RankTable({ title, rows, testId }: { title: string; rows: readonly RankRow[]; testId: string }) {
  const t = useT();
  const money = useMoney();
  return (
    <section className="flex-1 rounded-xl border border-line bg-panel p-4" data-testid={testId}>
      <h2 className="mb-3 font-semibold text-white">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-400">{t('battle.rank.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {rows.map((row) => {
            const reward = BATTLE_RANK_REWARDS_FEN[row.place - 1];
            return (
              <li key={row.customerId} className="flex items-center gap-3 text-sm" data-testid="rank-row">
                <span className="w-6 text-center font-bold text-accent-orange">{row.place}</span>
                <button
                  type="button"
                  onClick={() => openUserCard(row.customerId)}
                  aria-label={t('userCard.open', { name: row.nickname })}
                  data-testid="rank-player"
                  className="flex min-w-0 flex-1 items-center gap-3 text-start hover:underline"
                >
                  <Avatar src={row.headPic} name={row.nickname} className="size-8" />
                  <span className="flex-1 truncate text-slate-200">{row.nickname}</span>
                </button>
                <span className="text-slate-300">{t('battle.rank.points', { amount: formatPoints(row.rewardPoint) })}</span>
                {reward !== undefined ? (
                  <span className="rounded bg-accent-orange/20 px-1.5 text-xs text-accent-orange">
                    {t('battle.rank.reward', { amount: money(reward) })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** Battle points per day (issue 12): the top places are paid the next morning, once. */
export function BattleRanking() {
  const t = useT();
  const money = useMoney();
  const rank = useBattleRank(true);
  if (rank.isPending) return <PageFallback />;
  if (rank.isError) return <EmptyState message={t('battle.loadFailed')} />;
  return (
    <div className="flex flex-col gap-3" data-testid="battle-ranking">
      {rank.data.myReward > 0 ? (
        <p className="rounded-lg bg-accent-orange/15 px-4 py-2 text-sm text-accent-orange">
          {t('battle.rank.myReward', { amount: money(rank.data.myReward) })}
        </p>
      ) : null}
      <p className="text-xs text-slate-400">{t('battle.rank.explain')}</p>
      <div className="flex flex-col gap-3 md:flex-row">
        <RankTable title={t('battle.rank.today')} rows={rank.data.todayRank} testId="rank-today" />
        <RankTable title={t('battle.rank.yesterday')} rows={rank.data.yesterdayRank} testId="rank-yesterday" />
      </div>
    </div>
  );
}
