import type { UseQueryResult } from '@tanstack/react-query';
import type { GiveawayRoom } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState, RetryState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
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
  const { data, isPending, isError, isPlaceholderData, refetch } = query;
  if (isPending) return <PageFallback />;
  if (isError) {
    return <RetryState message={t('giveaway.loadFailed')} retryLabel={t('giveaway.retry')} onRetry={() => void refetch()} />;
  }
  if (data.pageData.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <>
      <ul className={`grid gap-3 sm:grid-cols-2 xl:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={isPlaceholderData}>
        {data.pageData.map((room) => (
          <GiveawayCard key={room.id} room={room} />
        ))}
      </ul>
      <Pager page={data.page} totalPages={data.totalPages} onPage={onPage} />
    </>
  );
}
