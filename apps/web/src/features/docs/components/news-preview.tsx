import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { useDocumentList } from '../api/get-document-list';
import { LoadFailed } from './document-view';

/** The home tab 资讯 (spec §2): the published news documents, in the order the operator set. */
export function NewsPreview() {
  const t = useT();
  const list = useDocumentList('news');
  if (list.isPending) return <PageFallback />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.pageData.length === 0) return <EmptyState message={t('empty.news')} />;
  return (
    <ul className="flex flex-col gap-3" data-testid="news-list">
      {list.data.pageData.map((doc) => (
        <li key={doc.key}>
          <Link
            to={`/docs/help/${doc.key}`}
            className="flex flex-col gap-1 rounded-xl border border-line bg-panel px-5 py-4 hover:border-accent-cyan"
          >
            <span className="font-semibold text-white">{doc.title}</span>
            <span className="text-sm text-slate-300">{doc.summary}</span>
            <time dateTime={doc.publishTime} className="text-xs text-slate-400">
              {doc.publishTime.slice(0, 10)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default NewsPreview;
