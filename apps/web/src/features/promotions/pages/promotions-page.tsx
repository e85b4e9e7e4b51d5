import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';
import { usePromotionList } from '../api/get-promotion-list';
import { CouponsCard, DailyTopUpCard, FirstDepositCard, VipCard } from '../components/promotion-cards';

/** Spec §2 /promotions: the running deposit promotions with their terms, each leading to the recharge overlay. */
export default function PromotionsPage() {
  const t = useT();
  const list = usePromotionList();
  return (
    <PageShell titleId="title.promotions">
      {list.isPending ? (
        <PageFallback />
      ) : list.isError ? (
        <EmptyState message={t('empty.promotions')} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <FirstDepositCard promo={list.data.firstDeposit} />
          <DailyTopUpCard tiers={list.data.dailyTopUp} />
          <VipCard grades={list.data.vipGrades} />
          <CouponsCard />
        </div>
      )}
    </PageShell>
  );
}
