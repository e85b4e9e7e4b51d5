import { useParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageShell } from '../../../shared/ui/page-shell';
import { documentTitle } from '../documents';

/** Spec §2 /docs/help/{id} and /docs/support/{id}: one document; its content comes from the documents API later. */
export default function DocumentPage({ section = 'help' }: { section?: 'help' | 'support' }) {
  const t = useT();
  const { id = '' } = useParams();
  const known = documentTitle(id);
  const sectionTitle = section === 'help' ? 'title.docsHelp' : 'title.docsSupport';
  return (
    <PageShell titleId={known ?? sectionTitle} {...(known ? {} : { subtitle: t('doc.untitled', { id }) })}>
      <EmptyState message={t('empty.docs')} />
    </PageShell>
  );
}
