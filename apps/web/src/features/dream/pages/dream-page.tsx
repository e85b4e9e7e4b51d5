import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /dream: the dream-chasing game. The feature issue fills this page; until then it shows its real frame and an empty state. */
export default function DreamPage() {
  const t = useT();
  return (
    <PageShell titleId="title.dream">
      <EmptyState message={t('empty.dream')} />
    </PageShell>
  );
}
