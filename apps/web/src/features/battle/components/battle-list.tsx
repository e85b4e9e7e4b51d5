import type { BattleDetail } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import { PagedGrid, type PagedGridProps } from '../../../shared/ui/paged-grid';
import { BattleCard } from './battle-card';

type BattleListProps = Pick<PagedGridProps<BattleDetail>, 'query' | 'onPage'> & { basePath: string; emptyMessage: string };

/** A page of battles with its loading, error (with retry), empty and paging states. */
export function BattleList({ basePath, emptyMessage, ...grid }: BattleListProps) {
  const t = useT();
  return (
    <PagedGrid
      {...grid}
      empty={emptyMessage}
      failed={{ message: t('battle.loadFailed'), retryLabel: t('battle.retry') }}
      className="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
      testId="battle-grid"
    >
      {(battle) => <BattleCard key={battle.id} battle={battle} basePath={basePath} />}
    </PagedGrid>
  );
}
