import type { ReactNode } from 'react';
import { EmptyState, RetryState } from './empty-state';
import { PageFallback } from './page-fallback';

/** The part of a TanStack query result a list needs; the result itself fits. */
export interface ListQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A list's failure: a message, with `retryLabel` a retry button, or a node of the list's own. */
export type ListFailure = string | { message: string; retryLabel: string } | { node: ReactNode };

/**
 * The states every list goes through, in one order: loading, failed, empty, then the rows. A string `empty`
 * is an empty-state message. Without `failed` a failure reads as empty (lists that show "nothing here" when
 * the request fails). The rows render only with data that is not empty.
 */
export function ListState<T>({
  query,
  isEmpty,
  empty,
  failed,
  loading = <PageFallback />,
  children,
}: {
  query: ListQuery<T>;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  failed?: ListFailure;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError && failed !== undefined) return <Failed failure={failed} onRetry={() => void query.refetch()} />;
  if (query.data === undefined || isEmpty(query.data)) return <>{typeof empty === 'string' ? <EmptyState message={empty} /> : empty}</>;
  return <>{children(query.data)}</>;
}

function Failed({ failure, onRetry }: { failure: ListFailure; onRetry: () => void }) {
  if (typeof failure === 'string') return <EmptyState message={failure} />;
  if ('node' in failure) return <>{failure.node}</>;
  return <RetryState message={failure.message} retryLabel={failure.retryLabel} onRetry={onRetry} />;
}

/** True when a page of rows has none. */
export const noRows = (page: { pageData: readonly unknown[] }) => page.pageData.length === 0;

/** The quiet empty line of a section inside a page (a whole-page list uses EmptyState). */
export function EmptyNote({ message }: { message: string }) {
  return <p className="rounded-lg bg-panel px-4 py-6 text-center text-sm text-slate-500">{message}</p>;
}
