import { useT } from '../../../shared/i18n/use-t';
import { useIsLoggedIn } from '../../../shared/storage/use-is-logged-in';
import { DailyTopUpCard } from './daily-top-up-card';
import { GoldenCodeForm, GoldenCodeHistory } from './golden-code-panel';
import { SectionCard } from './section-card';
import { VouchersSection } from './vouchers-section';

/**
 * The rewards part of /personal (app/ passes it in): the daily top-up reward, Golden Code with its
 * history, and the red packets and coupons.
 */
export default function RewardsPanel() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="rewards-panel">
      <SectionCard title={t('daily.title')} testId="daily-section">
        <DailyTopUpCard />
      </SectionCard>
      <SectionCard title={t('golden.title')} testId="golden-section">
        <GoldenCodeForm />
        <h3 className="text-sm font-medium text-slate-300">{t('golden.history')}</h3>
        <GoldenCodeHistory />
      </SectionCard>
      <div className="lg:col-span-2">
        <VouchersSection />
      </div>
    </div>
  );
}
