import { toast } from '../../../shared/ui/toast';
import { Button } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import { useClaimDailyTopUp } from '../api/claim-daily-top-up';
import { useDailyTopUp } from '../api/get-daily-top-up';
import { OverlayButton } from '../../../shared/ui/overlay-button';

/** The daily top-up reward (spec §1): today's deposits, the tiers, and a claim button once a day. */
export function DailyTopUpCard() {
  const t = useT();
  const money = useMoney();
  const status = useDailyTopUp();
  const claim = useClaimDailyTopUp();
  if (status.isPending) return <p className="text-sm text-slate-500">{t('common.loading')}</p>;
  if (status.isError) return <p className="text-sm text-accent-red">{t('common.loadFailed')}</p>;
  const s = status.data;
  return (
    <div className="flex flex-col gap-3" data-testid="daily-topup" data-claimable={s.claimable}>
      <p className="text-sm text-slate-300">{t('daily.today', { amount: money(s.todayDeposit) })}</p>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {s.tiers.map((tier) => {
          const reached = s.todayDeposit >= tier.minDepositFen;
          return (
            <li
              key={tier.minDepositFen}
              className={`rounded-lg border px-2 py-2 text-center text-xs ${reached ? 'border-accent-orange bg-accent-orange/10 text-white' : 'border-line text-slate-400'}`}
            >
              <span className="block">{t('daily.tier', { amount: money(tier.minDepositFen) })}</span>
              <span className="block text-sm font-semibold text-accent-orange">+{money(tier.rewardFen)}</span>
            </li>
          );
        })}
      </ol>
      {s.claimed ? (
        <p className="text-sm text-emerald-400" data-testid="daily-claimed">
          {t('daily.claimed', { amount: money(s.reward) })}
        </p>
      ) : s.claimable ? (
        <Button
          pending={claim.isPending}
          testId="daily-claim"
          className="self-start"
          onClick={() =>
            claim.mutate(undefined, {
              onSuccess: ({ reward }) => toast.success(t('daily.claimedToast', { amount: money(reward) })),
            })
          }
        >
          {t('daily.claim', { amount: money(s.reward) })}
        </Button>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-400">{t('daily.notReached', { amount: money(s.tiers[0]?.minDepositFen ?? 0) })}</p>
          <OverlayButton overlay="recharge" className="text-sm text-accent-cyan hover:underline">
            {t('daily.goDeposit')}
          </OverlayButton>
        </div>
      )}
    </div>
  );
}
