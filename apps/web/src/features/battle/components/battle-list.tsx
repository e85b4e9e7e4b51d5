import type { UseQueryResult } from '@tanstack/react-query';
import type { BattleDetail } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { PagedGrid } from '../../../shared/ui/paged-grid';
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
  return (
    <PagedGrid
      query={query}
      empty={emptyMessage}
      failed={{ message: t('battle.loadFailed'), retryLabel: t('battle.retry') }}
      onPage={onPage}
      className="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
      testId="battle-grid"
    >
      {(battle) => <BattleCard key={battle.id} battle={battle} basePath={basePath} />}
    </PagedGrid>
  );
}
