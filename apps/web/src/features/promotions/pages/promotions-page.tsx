import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /promotions. The feature issue fills this page; until then it shows its real frame and an empty state. */
export default function PromotionsPage() {
  const t = useT();
  return (
    <PageShell titleId="title.promotions">
      <EmptyState message={t('empty.promotions')} />
    </PageShell>
  );
}
