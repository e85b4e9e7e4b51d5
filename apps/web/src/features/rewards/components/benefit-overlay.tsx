import { Link } from 'react-router';
import { useSysConfig } from '../../../shared/api/common-queries';
import { useRechargeConfig } from '../../../shared/api/recharge-config';
import { requireLogin } from '../../../shared/api/require-login';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { useOverlayStore } from '../../../shared/stores/overlay-store';
import { Dialog } from '../../../shared/ui/dialog';
import { LoginPrompt } from '../../../shared/ui/login-required';
import { DailyTopUpCard } from './daily-top-up-card';
import { GoldenCodeForm } from './golden-code-panel';
import { SectionCard } from './section-card';

const linkClass =
  'rounded-lg border border-line bg-surface px-3 py-2 text-center text-sm text-slate-200 hover:border-accent-orange hover:text-white';

/** The `benefit` overlay (spec §2): first-deposit bonus, daily top-up reward, Golden Code, VIP and free boxes. */
export function BenefitOverlay({ onClose }: { onClose: () => void }) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const percent = useSysConfig().data?.firstDepositBonusPercent ?? 0;
  const recharge = useRechargeConfig().data;
  const openOverlay = useOverlayStore((s) => s.openOverlay);
  const closeOverlay = useOverlayStore((s) => s.closeOverlay);
  // Issue 30 §1: a player sees the bonus only when the server's offer for them pays it (not on a cool-off,
  // not once claimed), with its real-name condition; a guest sees the terms.
  const offer = loggedIn ? recharge?.firstDepositBonus : undefined;
  const showFirst = loggedIn ? !!offer && offer.payout !== 'none' : percent > 0;
  const heldUntilVerified = !loggedIn || offer?.payout === 'after_real_name';
  return (
    <Dialog title={t('overlay.benefit')} onClose={onClose} variant="sheet" testId="overlay-benefit">
      <div className="flex flex-col gap-4">
        {showFirst ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-gradient-to-r from-accent-purple/40 to-accent-orange/30 px-4 py-3">
            <div>
              <p className="font-bold text-white">
                {t(heldUntilVerified ? 'recharge.firstBannerRealName' : 'recharge.firstBanner', { percent })}
              </p>
              <p className="text-xs text-slate-200">
                {heldUntilVerified ? t('recharge.firstHeldBody') : t('recharge.firstBannerBody', { percent })}
              </p>
            </div>
            <button
              type="button"
              onClick={() => {
                if (!requireLogin()) return;
                closeOverlay('benefit');
                openOverlay('recharge');
              }}
              className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black hover:brightness-110"
            >
              {t('daily.goDeposit')}
            </button>
          </div>
        ) : null}
        {loggedIn ? (
          <>
            <SectionCard title={t('daily.title')}>
              <DailyTopUpCard />
            </SectionCard>
            <SectionCard title={t('golden.title')}>
              <GoldenCodeForm />
            </SectionCard>
          </>
        ) : (
          <LoginPrompt />
        )}
        <nav aria-label={t('benefit.links')} className="grid grid-cols-2 gap-2">
          <Link to="/personal/vip" onClick={onClose} className={linkClass}>
            {t('title.personalVip')}
          </Link>
          <Link to="/box" onClick={onClose} className={linkClass}>
            {t('box.freeBoxes')}
          </Link>
          <Link to="/personal/promo" onClick={onClose} className={linkClass}>
            {t('title.personalPromo')}
          </Link>
          <Link to="/personal" onClick={onClose} className={linkClass}>
            {t('benefit.myRewards')}
          </Link>
        </nav>
      </div>
    </Dialog>
  );
}
