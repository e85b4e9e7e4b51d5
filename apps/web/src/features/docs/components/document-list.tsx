import { Link } from 'react-router';
import type { DocumentCategory } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { ListState, noRows } from '../../../shared/ui/list-state';
import { useDocumentList } from '../api/get-document-list';
import { LoadFailed } from './document-view';

/** One category's published documents (first page of 15), filtered by the search keyword when there is one. */
export function DocumentList({
  category,
  title,
  keyword = '',
  section = 'help',
}: {
  category: DocumentCategory;
  title: MessageId;
  keyword?: string;
  /** Which route opens a document: /docs/help/{key} or /docs/support/{key}. */
  section?: 'help' | 'support';
}) {
  const t = useT();
  const list = useDocumentList(category, keyword);
  return (
    <section aria-label={t(title)} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-white">{t(title)}</h2>
      <ListState
        query={list}
        isEmpty={noRows}
        empty={keyword ? t('content.search.none', { keyword }) : t('empty.docs')}
        failed={{ node: <LoadFailed onRetry={() => void list.refetch()} /> }}
      >
        {(data) => (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.isPlaceholderData}>
            {data.pageData.map((doc) => (
              <li key={doc.key}>
                <Link
                  to={`/docs/${section}/${doc.key}`}
                  data-testid="document-link"
                  className="flex h-full flex-col gap-1 rounded-xl border border-line bg-panel px-5 py-4 hover:border-accent-cyan"
                >
                  <span className="font-semibold text-white">{doc.title}</span>
                  <span className="text-sm text-slate-400">{doc.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
