import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyNote, ListState, noRows, type ListQuery } from '../../../shared/ui/list-state';
import { Pager } from '../../../shared/ui/pager';
import { TitledSection } from '../../../shared/ui/titled-section';

interface HistoryPage {
  pageData: readonly unknown[];
  totalPages: number;
}

/** One titled, paged history of the /provably-fair page; until rows arrive it says there is no history yet. */
export function HistorySection<T extends HistoryPage>({
  id,
  title,
  query,
  page,
  onPage,
  children,
}: {
  id: string;
  title: string;
  query: ListQuery<T>;
  page: number;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  const none = <EmptyNote message={t('fair.noHistory')} />;
  return (
    <TitledSection id={id} title={title}>
      <ListState query={query} isEmpty={noRows} empty={none} loading={none}>
        {children}
      </ListState>
      <Pager page={page} totalPages={query.data?.totalPages ?? 0} onPage={onPage} />
    </TitledSection>
  );
}
