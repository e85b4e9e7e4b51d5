import { useT } from '../../../shared/i18n/use-t';
import { useMoney } from '../../../shared/ui/price';
import type { RechargeConfig } from '../recharge-math';
import { OverlayButton } from '../../../shared/ui/overlay-button';

interface Props {
  offer: RechargeConfig['firstDepositBonus'];
  /** This deposit: what arrives with it (total) and its bonus now or held (null: no amount chosen yet). */
  preview: { total: number; bonus: number; heldBonus: number } | null;
}

const box = 'rounded-xl bg-gradient-to-r from-accent-purple/40 to-accent-orange/30 px-4 py-3';

/**
 * The first-deposit bonus as the server's offer for this player says it will be paid (issue 30 §1, decision
 * 0050): with the deposit; after real-name verification (the condition and the two amounts, before payment);
 * an earlier deposit's bonus still waiting for verification; or nothing at all (cool-off, claimed, deposited).
 */
export function FirstDepositBanner({ offer, preview }: Props) {
  const t = useT();
  const money = useMoney();
  const verifyButton = (
    <OverlayButton
      overlay="userVerify"
      className="mt-2 rounded-lg bg-white/15 px-3 py-1 text-xs font-semibold text-white hover:bg-white/25"
      testId="first-deposit-verify"
    >
      {t('recharge.verifyNow')}
    </OverlayButton>
  );
  if (offer.payout === 'none' && offer.reason === 'pending') {
    return (
      <div className={box} data-testid="first-deposit-banner">
        <p className="font-bold text-white">{t('recharge.firstPendingTitle', { amount: money(offer.pendingAmount) })}</p>
        <p className="text-xs text-slate-200">{t('recharge.firstPendingBody')}</p>
        {verifyButton}
      </div>
    );
  }
  if (offer.payout === 'none') return null;
  const held = offer.payout === 'after_real_name';
  return (
    <div className={box} data-testid="first-deposit-banner">
      <p className="font-bold text-white">
        {t(held ? 'recharge.firstBannerRealName' : 'recharge.firstBanner', { percent: offer.percent })}
      </p>
      <p className="text-xs text-slate-200" data-testid="first-deposit-condition">
        {held
          ? preview && preview.heldBonus > 0
            ? t('recharge.firstHeldPreview', { now: money(preview.total), bonus: money(preview.heldBonus) })
            : t('recharge.firstHeldBody')
          : preview && preview.bonus > 0
            ? t('recharge.firstBannerPreview', { amount: money(preview.bonus) })
            : t('recharge.firstBannerBody', { percent: offer.percent })}
      </p>
      {held ? verifyButton : null}
    </div>
  );
}
