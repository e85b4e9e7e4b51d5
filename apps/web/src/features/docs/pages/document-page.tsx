import { Link, useParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { DocumentView } from '../components/document-view';

/** Spec §2 /docs/help/{id} and /docs/support/{id}: one server document by key (terms, privacy, …). */
export default function DocumentPage({ section = 'help' }: { section?: 'help' | 'support' }) {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6 md:px-6">
      <nav aria-label={t('doc.breadcrumb')} className="text-sm text-slate-400">
        <Link to={section === 'help' ? '/docs/help' : '/docs/support'} className="hover:text-white">
          {t(section === 'help' ? 'title.docsHelp' : 'title.docsSupport')}
        </Link>
      </nav>
      <DocumentView key={id} docKey={id} />
    </section>
  );
}
