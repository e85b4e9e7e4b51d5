import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /giveaways: official, streamer and own rooms, in progress or ended. The feature issue fills this page; until then it shows its real frame and an empty state. */
export default function GiveawayListPage() {
  const t = useT();
  return (
    <PageShell titleId="title.giveaways">
      <EmptyState message={t('empty.giveaways')} />
    </PageShell>
  );
}
