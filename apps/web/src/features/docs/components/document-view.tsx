import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState, LoadFailedAlert } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { SITE_NAME } from '../../../shared/ui/use-page-title';
import { useDocument } from '../api/get-document';
import { Markdown } from './markdown';

/** NOT_FOUND (1002): the key has no published document. */
const isMissing = (error: unknown) => error instanceof ApiError && error.kind === 'envelope' && error.status === 1002;

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return <LoadFailedAlert onRetry={onRetry} className="rounded-xl border border-line bg-panel px-6 py-10 text-center text-slate-300" />;
}

/**
 * One server document: its title as the page's h1, the version and publish date, and the body. Loading,
 * missing and failed loads each have their own state.
 */
export function DocumentView({ docKey, headingLevel = 1 }: { docKey: string; headingLevel?: 1 | 2 }) {
  const t = useT();
  const doc = useDocument(docKey);
  const title = doc.data?.title;
  useEffect(() => {
    if (title && headingLevel === 1) document.title = `${title} - ${SITE_NAME}`;
  }, [title, headingLevel]);

  if (doc.isPending) return <PageFallback />;
  if (doc.isError) {
    return isMissing(doc.error) ? <EmptyState message={t('empty.docs')} /> : <LoadFailed onRetry={() => void doc.refetch()} />;
  }
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article
      className="flex flex-col gap-4 rounded-xl border border-line bg-panel px-5 py-6 md:px-8"
      data-testid="document"
      data-key={doc.data.key}
    >
      <div>
        <Heading className={headingLevel === 1 ? 'text-2xl font-bold text-white' : 'text-xl font-bold text-white'}>
          {doc.data.title}
        </Heading>
        <p className="mt-1 text-xs text-slate-400">
          {t('doc.meta', { version: doc.data.version, date: doc.data.publishTime.slice(0, 10) })}
        </p>
      </div>
      <Markdown source={doc.data.content} />
    </article>
  );
}
