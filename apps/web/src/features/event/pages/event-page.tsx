import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /event: events. The feature issue fills this page; until then it shows its real frame and an empty state. */
export default function EventPage() {
  const t = useT();
  return (
    <PageShell titleId="title.event">
      <EmptyState message={t('empty.events')} />
    </PageShell>
  );
}
