import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /box: the case list. The feature issue fills this page; until then it shows its real frame and an empty state. */
export default function BoxListPage() {
  const t = useT();
  return (
    <PageShell titleId="title.box">
      <EmptyState message={t('empty.boxes')} />
    </PageShell>
  );
}
