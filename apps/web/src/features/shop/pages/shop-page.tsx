import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /shop: sorting, category filter and name search arrive with the shop issue. The feature issue fills this page; until then it shows its real frame and an empty state. */
export default function ShopPage() {
  const t = useT();
  return (
    <PageShell titleId="title.shop">
      <EmptyState message={t('empty.shop')} />
    </PageShell>
  );
}
