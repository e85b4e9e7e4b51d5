import type { ReactNode } from 'react';
import { RetryState } from '../../../shared/ui/empty-state';
import { useTransparencyT, type TransparencyMessageId } from '../messages';
import { TitledSection } from '../../../shared/ui/titled-section';

/** A titled panel with the page's loading and error states. */
export function Section({
  id,
  title,
  query,
  children,
}: {
  id: string;
  title: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  const t = useTransparencyT();
  return (
    <TitledSection id={id} title={title} className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 md:p-5">
      {query.isError ? (
        <RetryState message={t('tp.failed')} retryLabel={t('tp.retry')} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <p role="status" className="text-sm text-slate-400">
          {t('tp.loading')}
        </p>
      ) : (
        children
      )}
    </TitledSection>
  );
}

export const tableClass = 'w-full min-w-[40rem] border-collapse text-left text-sm';
export const thClass = 'whitespace-nowrap border-b border-line px-2 py-2 font-medium text-slate-400';
export const tdClass = 'border-b border-line/50 px-2 py-2 text-slate-200';
export const captionClass = 'mb-2 text-left text-xs text-slate-500';

/** A row's column headers, one per message id; `wide` ids get the chart column's width. */
export function ColumnHeaders({ ids, wide = [] }: { ids: TransparencyMessageId[]; wide?: TransparencyMessageId[] }) {
  const t = useTransparencyT();
  return (
    <>
      {ids.map((id) => (
        <th key={id} scope="col" className={wide.includes(id) ? `${thClass} w-40` : thClass}>
          {t(id)}
        </th>
      ))}
    </>
  );
}
