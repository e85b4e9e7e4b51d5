import { useParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { useT } from '../../../shared/i18n/use-t';

/** Spec §2 /giveaways/{id}: prize pool, participants, winners, countdown; filled by the giveaways issue. */
export default function GiveawayRoomPage() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <PageShell titleId="title.giveawayRoom" subtitle={t('giveaway.id', { id })}>
      <EmptyState message={t('feature.comingSoon')} />
    </PageShell>
  );
}
