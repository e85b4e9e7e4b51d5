import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { PagedGrid, type PagedGridProps } from '../../../shared/ui/paged-grid';
import { GiveawayCard } from './giveaway-card';

type GiveawayListProps = Pick<PagedGridProps<GiveawayRoom>, 'query' | 'onPage'> & { emptyMessage: string };

/** A page of rooms with its loading, error (with retry), empty and paging states. */
export function GiveawayList({ emptyMessage, ...grid }: GiveawayListProps) {
  const t = useT();
  return (
    <PagedGrid
      {...grid}
      empty={emptyMessage}
      failed={{ message: t('giveaway.loadFailed'), retryLabel: t('giveaway.retry') }}
      className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
    >
      {(room) => <GiveawayCard key={room.id} room={room} />}
    </PagedGrid>
  );
}
