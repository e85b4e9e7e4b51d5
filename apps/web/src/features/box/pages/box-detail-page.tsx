import { useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /box/{id}: case detail with its drop list; filled by the boxes issue. */
export default function BoxDetailPage() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <PageShell titleId="title.boxDetail" subtitle={t('box.id', { id })}>
      <EmptyState message={t('empty.boxDetail')} />
    </PageShell>
  );
}
