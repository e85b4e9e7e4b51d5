import type { UseQueryResult } from '@tanstack/react-query';
import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
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
  const { isPlaceholderData } = query;
  return (
    <ListState
      query={query}
      isEmpty={noRows}
      empty={emptyMessage}
      failed={{ message: t('giveaway.loadFailed'), retryLabel: t('giveaway.retry') }}
    >
      {(data) => (
        <>
          <ul className={`grid gap-3 sm:grid-cols-2 xl:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={isPlaceholderData}>
            {data.pageData.map((room) => (
              <GiveawayCard key={room.id} room={room} />
            ))}
          </ul>
          <Pager page={data.page} totalPages={data.totalPages} onPage={onPage} />
        </>
      )}
    </ListState>
  );
}
