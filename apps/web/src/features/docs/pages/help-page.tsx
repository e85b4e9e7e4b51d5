import { Link } from 'react-router';
import type { DocumentCategory } from '@skinfair/contract';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageId } from '../../../shared/i18n/zh-CN';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageFallback } from '../../../shared/ui/page-fallback';
import { PageShell } from '../../../shared/ui/page-shell';
import { useDocumentList } from '../api/get-document-list';
import { LoadFailed } from '../components/document-view';

const sections: { category: DocumentCategory; title: MessageId }[] = [
  { category: 'help', title: 'doc.category.help' },
  { category: 'legal', title: 'doc.category.legal' },
];

function DocumentList({ category, title }: { category: DocumentCategory; title: MessageId }) {
  const t = useT();
  const list = useDocumentList(category);
  return (
    <section aria-label={t(title)} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-white">{t(title)}</h2>
      {list.isPending ? (
        <PageFallback />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.pageData.length === 0 ? (
        <EmptyState message={t('empty.docs')} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.pageData.map((doc) => (
            <li key={doc.key}>
              <Link
                to={`/docs/help/${doc.key}`}
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
    </section>
  );
}

/** Spec §2 /docs/help: the help centre, the server's help and legal documents, and the way to support. */
export default function HelpPage() {
  const t = useT();
  return (
    <PageShell
      titleId="title.docsHelp"
      actions={
        <Link to="/docs/support" className="rounded-lg border border-line bg-panel-2 px-4 py-2 text-sm text-white hover:brightness-125">
          {t('support.contact')}
        </Link>
      }
    >
      {sections.map((s) => (
        <DocumentList key={s.category} {...s} />
      ))}
    </PageShell>
  );
}
