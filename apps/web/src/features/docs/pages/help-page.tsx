import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { PageShell } from '../../../shared/ui/page-shell';
import { companyDocuments } from '../documents';

/** Spec §2 /docs/help: the help centre index. The document list API arrives with the docs issue. */
export default function HelpPage() {
  const t = useT();
  return (
    <PageShell titleId="title.docsHelp">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {companyDocuments.map((doc) => (
          <li key={doc.slug}>
            <Link
              to={`/docs/help/${doc.slug}`}
              className="block rounded-xl border border-line bg-panel px-5 py-4 text-slate-200 hover:border-accent-cyan hover:text-white"
            >
              {t(doc.title)}
            </Link>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
