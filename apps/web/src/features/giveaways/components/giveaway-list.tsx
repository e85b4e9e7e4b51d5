import type { UseQueryResult } from '@tanstack/react-query';
import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { PagedGrid } from '../../../shared/ui/paged-grid';
import { GiveawayCard } from './giveaway-card';

interface RoomPage {
  pageData: GiveawayRoom[];
  page: number;
  totalPages: number;
}

/** A page of rooms with its loading, error (with retry), empty and paging states. */
export function GiveawayList({
  query,
  emptyMessage,
  onPage,
}: {
  query: UseQueryResult<RoomPage>;
  emptyMessage: string;
  onPage: (page: number) => void;
}) {
  const t = useT();
  return (
    <PagedGrid
      query={query}
      empty={emptyMessage}
      failed={{ message: t('giveaway.loadFailed'), retryLabel: t('giveaway.retry') }}
      onPage={onPage}
      className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
    >
      {(room) => <GiveawayCard key={room.id} room={room} />}
    </PagedGrid>
  );
}
