import { Link } from 'react-router';
import { useGradeInfo } from '../../../shared/api/grade-info';
import { useUserInfo } from '../../../shared/api/user-queries';
import { Spinner } from '../../../shared/forms/fields';
import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { useMoney } from '../../../shared/ui/price';
import { VipProgressBar } from './vip-progress-bar';
import { formatPoints } from '../../../shared/format/money';
import { OverlayButton } from '../../../shared/ui/overlay-button';

const card = 'flex flex-col gap-3 rounded-xl border border-line bg-panel p-4';
const quick =
  'rounded-lg border border-line bg-surface px-3 py-2 text-center text-sm text-slate-200 hover:border-accent-orange hover:text-white';

/** The /personal summary row: balances, VIP grade with progress, quick links (logged in only). */
export function WalletSummary() {
  const t = useT();
  const money = useMoney();
  const loggedIn = useIsLoggedIn();
  const user = useUserInfo().data;
  const grade = useGradeInfo();
  if (!loggedIn) return null;
  return (
    <div className="grid gap-4 md:grid-cols-3" data-testid="wallet-summary">
      <section className={card} aria-label={t('summary.balances')}>
        <h2 className="text-sm font-medium text-slate-400">{t('summary.balances')}</h2>
        {user ? (
          <dl className="grid grid-cols-3 gap-2 text-center">
            <div>
              <dt className="text-xs text-slate-400">{t('summary.coins')}</dt>
              <dd className="text-lg font-bold text-accent-orange" data-testid="summary-coins">
                {money(user.balance)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('summary.points')}</dt>
              <dd className="text-lg font-bold text-accent-cyan">{formatPoints(user.integral)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">{t('summary.secondary')}</dt>
              <dd className="text-lg font-bold text-accent-purple">{money(user.secondaryBalance)}</dd>
            </div>
          </dl>
        ) : (
          <Spinner className="size-6 self-center text-slate-500" />
        )}
        <OverlayButton
          overlay="recharge"
          className="rounded-lg bg-accent-orange px-4 py-2 text-sm font-semibold text-black hover:brightness-110"
          testId="summary-recharge"
        >
          {t('header.recharge')}
        </OverlayButton>
      </section>
      <section className={card} aria-label={t('title.personalVip')} data-testid="summary-vip">
        <div className="flex items-baseline justify-between">
          <h2 className="text-sm font-medium text-slate-400">{t('title.personalVip')}</h2>
          <Link to="/personal/vip" className="text-xs text-accent-cyan hover:underline">
            {t('summary.details')}
          </Link>
        </div>
        {grade.data ? (
          <>
            <p className="text-xl font-bold text-white" data-testid="summary-grade">
              VIP{grade.data.grade} {grade.data.gradeName}
            </p>
            <VipProgressBar info={grade.data} />
          </>
        ) : grade.isError ? (
          <p className="text-sm text-accent-red">{t('common.loadFailed')}</p>
        ) : (
          <Spinner className="size-6 self-center text-slate-500" />
        )}
      </section>
      <nav className={card} aria-label={t('summary.quickLinks')}>
        <h2 className="text-sm font-medium text-slate-400">{t('summary.quickLinks')}</h2>
        <div className="grid grid-cols-2 gap-2">
          <OverlayButton overlay="recharge" className={quick}>
            {t('header.recharge')}
          </OverlayButton>
          <Link to="/personal/flow" className={quick}>
            {t('title.personalFlow')}
          </Link>
          <Link to="/personal/vip" className={quick}>
            VIP
          </Link>
          <Link to="/personal/promo" className={quick}>
            {t('title.personalPromo')}
          </Link>
          <Link to="/personal/bag" className={`${quick} col-span-2`}>
            {t('title.personalBag')}
          </Link>
        </div>
      </nav>
    </div>
  );
}
