import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /skin: the skin view. The feature issue fills this page; until then it shows its real frame and an empty state. */
export default function SkinPage() {
  const t = useT();
  return (
    <PageShell titleId="title.skin">
      <EmptyState message={t('empty.skin')} />
    </PageShell>
  );
}
