import type { UseQueryResult } from '@tanstack/react-query';
import type { BattleDetail } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
import { BattleCard } from './battle-card';

interface BattlePage {
  pageData: BattleDetail[];
  page: number;
  totalPages: number;
}

/** A page of battles with its loading, error (with retry), empty and paging states. */
export function BattleList({
  query,
  basePath,
  emptyMessage,
  onPage,
}: {
  query: UseQueryResult<BattlePage>;
  basePath: string;
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
      failed={{ message: t('battle.loadFailed'), retryLabel: t('battle.retry') }}
    >
      {(data) => (
        <>
          <ul
            className={`grid gap-3 md:grid-cols-2 xl:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
            data-testid="battle-grid"
            aria-busy={isPlaceholderData}
          >
            {data.pageData.map((battle) => (
              <BattleCard key={battle.id} battle={battle} basePath={basePath} />
            ))}
          </ul>
          <Pager page={data.page} totalPages={data.totalPages} onPage={onPage} />
        </>
      )}
    </ListState>
  );
}
